import { type Kysely, type RawBuilder, sql } from 'kysely'
import { dialectOf } from '../../db/migration-helpers'
import type { DB } from '../../db/schema'

// The counters of table `rate_limits` (rate-limit.ts): each statement is one atomic step, so
// concurrent hits on one key serialise in the database instead of losing updates.

/**
 * Counts a hit on `key`: opens a window ending at `resetAt` when there is none or it ended by `now`;
 * otherwise adds one, but never past `limit + 1`. Answers the count and window end after the hit.
 */
export async function countHit(
  db: Kysely<DB>,
  hit: { key: string; limit: number; resetAt: string; now: Date },
): Promise<{ count: number; reset_at: string }> {
  const now = timestampParam(db, hit.now)
  // Every SET expression sees the row as it was before this statement, on both dialects, and the
  // upsert takes the row lock, so concurrent hits serialise instead of losing updates.
  const expired = sql<boolean>`${sql.ref('rate_limits.reset_at')} <= ${now}`
  return db
    .insertInto('rate_limits')
    .values({ key: hit.key, count: 1, reset_at: hit.resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case
          when ${expired} then 1
          when ${sql.ref('rate_limits.count')} > ${hit.limit} then ${sql.ref('rate_limits.count')}
          else ${sql.ref('rate_limits.count')} + 1 end`,
        reset_at: sql<string>`case
          when ${expired} then ${sql.ref('excluded.reset_at')}
          else ${sql.ref('rate_limits.reset_at')} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
}

/** The counter of `key` while its window is open at `now`. */
export function openCounter(db: Kysely<DB>, key: string, now: Date) {
  return db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where(sql<boolean>`${sql.ref('reset_at')} > ${timestampParam(db, now)}`)
    .executeTakeFirst()
}

/** Takes one hit back from an open window, leaving at most `limit - 1`. */
export async function uncountHit(db: Kysely<DB>, key: string, limit: number, now: Date): Promise<void> {
  const count = sql.ref('count')
  await db
    .updateTable('rate_limits')
    .set({
      count: sql<number>`case when ${count} > ${limit} then ${limit - 1} else ${count} - 1 end`,
    })
    .where('key', '=', key)
    .where('count', '>', 0)
    .where(sql<boolean>`${sql.ref('reset_at')} > ${timestampParam(db, now)}`)
    .execute()
}

export async function deleteCounter(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** Deletes counters whose window ended by `now`; answers how many. */
export async function deleteEndedCounters(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where(sql<boolean>`${sql.ref('reset_at')} <= ${timestampParam(db, now)}`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

// SQLite stores timestamps as toISOString() text, which compares correctly as a string; PostgreSQL
// holds timestamptz, so the parameter is cast there rather than left to type inference. (A cast in
// SQLite would be wrong: an unknown type name gives NUMERIC affinity and turns the text into 2026.)
function timestampParam(db: Kysely<DB>, when: Date): RawBuilder<string> {
  const iso = when.toISOString()
  return dialectOf(db) === 'postgres' ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`
}
