import { type Kysely, type RawBuilder, sql } from 'kysely'
import { dialectOf } from '../../db/migration-helpers'
import type { DB } from '../../db/schema'

/**
 * Fixed-window throttling with the counters in the database (table `rate_limits`), so every
 * instance behind a load balancer sees one count per key.
 *
 * Keys are opaque strings the caller builds, namespaced by purpose: `signin:account:<lower email>`,
 * `signin:ip:<ip>`, `resend:<user id>`. They are stored in plain text and may show up in database
 * dumps, so a key must never contain a raw secret (password, token, session id): hash it first.
 * A key has one limit and one window: every caller of the same key must pass the same values.
 *
 * Windows are fixed, not sliding: the first hit opens a window of `windowMs`; hits while refused
 * neither extend it nor grow the counter past limit + 1, so hammering a locked key cannot
 * lengthen the lock-out or overflow the column.
 */

export interface RateLimitResult {
  /** hit: whether this hit is within the limit. peek: whether a hit now would be. */
  allowed: boolean
  /** Further hits allowed in the current window. */
  remaining: number
  /** Whole seconds until the window ends when not allowed (≥ 1, for `Retry-After`); 0 when allowed. */
  retryAfterSeconds: number
  /** When the current window ends (ISO-8601 UTC); `now` when there is no open window. */
  resetAt: string
}

export interface RateLimitRule {
  key: string
  /** Hits allowed per window (≥ 1). */
  limit: number
  windowMs: number
  /** The caller's clock (`deps.clock()`), so tests can move time. */
  now: Date
}

/** Counts one hit against `key` and says whether it is within the limit. One atomic statement. */
export async function hitRateLimit(db: Kysely<DB>, rule: RateLimitRule): Promise<RateLimitResult> {
  checkRule(rule)
  const now = timestampParam(db, rule.now)
  // Every SET expression sees the row as it was before this statement, on both dialects, and the
  // upsert takes the row lock, so concurrent hits serialise instead of losing updates.
  const expired = sql<boolean>`${sql.ref('rate_limits.reset_at')} <= ${now}`
  const row = await db
    .insertInto('rate_limits')
    .values({
      key: rule.key,
      count: 1,
      reset_at: new Date(rule.now.getTime() + rule.windowMs).toISOString(),
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case
          when ${expired} then 1
          when ${sql.ref('rate_limits.count')} > ${rule.limit} then ${sql.ref('rate_limits.count')}
          else ${sql.ref('rate_limits.count')} + 1 end`,
        reset_at: sql<string>`case
          when ${expired} then ${sql.ref('excluded.reset_at')}
          else ${sql.ref('rate_limits.reset_at')} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
  return toResult(rule, Number(row.count), row.reset_at, Number(row.count) <= rule.limit)
}

/** Reads the counter without counting, e.g. "is this account locked right now?". */
export async function peekRateLimit(
  db: Kysely<DB>,
  rule: Omit<RateLimitRule, 'windowMs'>,
): Promise<RateLimitResult> {
  checkRule({ ...rule, windowMs: 1 })
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', rule.key)
    .where(sql<boolean>`${sql.ref('reset_at')} > ${timestampParam(db, rule.now)}`)
    .executeTakeFirst()
  if (!row) return toResult(rule, 0, rule.now.toISOString(), true)
  const count = Number(row.count)
  return toResult(rule, count, row.reset_at, count < rule.limit)
}

/**
 * Gives back one allowed hit, e.g. an attempt counted before it was checked that turned out fine.
 * Only the window that is still open is touched (an ended one restarts on its next hit anyway), and
 * refused hits parked above the limit are not handed out: the count drops to at most `limit - 1`.
 * One atomic statement, like the hit.
 */
export async function releaseRateLimit(db: Kysely<DB>, rule: Omit<RateLimitRule, 'windowMs'>): Promise<void> {
  checkRule({ ...rule, windowMs: 1 })
  const count = sql.ref('count')
  await db
    .updateTable('rate_limits')
    .set({
      count: sql<number>`case when ${count} > ${rule.limit} then ${rule.limit - 1} else ${count} - 1 end`,
    })
    .where('key', '=', rule.key)
    .where('count', '>', 0)
    .where(sql<boolean>`${sql.ref('reset_at')} > ${timestampParam(db, rule.now)}`)
    .execute()
}

/** Forgets the counter, e.g. after a successful sign-in clears that account's failures. */
export async function resetRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** Deletes counters whose window has ended; returns how many. Run from a periodic job. */
export async function purgeExpiredRateLimits(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where(sql<boolean>`${sql.ref('reset_at')} <= ${timestampParam(db, now)}`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

function toResult(
  rule: Pick<RateLimitRule, 'limit' | 'now'>,
  count: number,
  resetAt: string,
  allowed: boolean,
): RateLimitResult {
  const msLeft = Date.parse(resetAt) - rule.now.getTime()
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)),
    resetAt,
  }
}

// SQLite stores timestamps as toISOString() text, which compares correctly as a string; PostgreSQL
// holds timestamptz, so the parameter is cast there rather than left to type inference. (A cast in
// SQLite would be wrong: an unknown type name gives NUMERIC affinity and turns the text into 2026.)
function timestampParam(db: Kysely<DB>, when: Date): RawBuilder<string> {
  const iso = when.toISOString()
  return dialectOf(db) === 'postgres' ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`
}

function checkRule(rule: RateLimitRule): void {
  if (rule.key.length === 0 || rule.key.length > 512)
    throw new RangeError('rate limit key must be 1-512 chars')
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new RangeError('rate limit must be an integer ≥ 1')
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1)
    throw new RangeError('windowMs must be an integer ≥ 1')
  if (Number.isNaN(rule.now.getTime())) throw new RangeError('now must be a valid Date')
}
