import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  countHit,
  deleteCounter,
  deleteEndedCounters,
  openCounter,
  uncountHit,
} from './rate-limit.repository'

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
  const row = await countHit(db, {
    key: rule.key,
    limit: rule.limit,
    resetAt: new Date(rule.now.getTime() + rule.windowMs).toISOString(),
    now: rule.now,
  })
  return toResult(rule, Number(row.count), row.reset_at, Number(row.count) <= rule.limit)
}

/** Reads the counter without counting, e.g. "is this account locked right now?". */
export async function peekRateLimit(
  db: Kysely<DB>,
  rule: Omit<RateLimitRule, 'windowMs'>,
): Promise<RateLimitResult> {
  checkRule({ ...rule, windowMs: 1 })
  const row = await openCounter(db, rule.key, rule.now)
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
  await uncountHit(db, rule.key, rule.limit, rule.now)
}

/** Forgets the counter, e.g. after a successful sign-in clears that account's failures. */
export async function resetRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await deleteCounter(db, key)
}

/** Deletes counters whose window has ended; returns how many. Run from a periodic job. */
export async function purgeExpiredRateLimits(db: Kysely<DB>, now: Date): Promise<number> {
  return deleteEndedCounters(db, now)
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

function checkRule(rule: RateLimitRule): void {
  if (rule.key.length === 0 || rule.key.length > 512)
    throw new RangeError('rate limit key must be 1-512 chars')
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new RangeError('rate limit must be an integer ≥ 1')
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1)
    throw new RangeError('windowMs must be an integer ≥ 1')
  if (Number.isNaN(rule.now.getTime())) throw new RangeError('now must be a valid Date')
}
