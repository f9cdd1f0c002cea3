import { PostgresAdapter, type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/db'
import type { TimeSpan } from './bucket-calendar'

// The buckets as a table the database joins on (docs/decisions/0131): `(i, s, e)` rows, one per bucket,
// with the instants computed by the bucket calendar. SQLite compares its ISO-8601 text timestamps with
// ISO-8601 text (every timestamp is written by toISOString, so text order is time order); PostgreSQL
// gets timestamptz values.

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** One instant as the database compares it with a timestamp column. */
export function instant(db: Db, at: Date): RawBuilder<unknown> {
  return isPostgres(db) ? sql`cast(${at.toISOString()} as timestamptz)` : sql`${at.toISOString()}`
}

/** `with b(i, s, e) as (values …)`, to be followed by a select joining `b`. */
export function withBuckets(db: Db, buckets: readonly TimeSpan[]): RawBuilder<unknown> {
  const rows = buckets.map((b, i) => sql`(${sql.lit(i)}, ${instant(db, b.start)}, ${instant(db, b.end)})`)
  return sql`with b(i, s, e) as (values ${sql.join(rows)})`
}

/** Per-bucket figures from a grouped query, as a dense list: every bucket, the empty ones with zeros. */
export function dense<T extends Record<string, number>>(
  count: number,
  rows: readonly ({ i: number | string } & Record<string, unknown>)[],
  zero: T,
): T[] {
  const byIndex = new Map(rows.map((row) => [Number(row.i), row]))
  return Array.from({ length: count }, (_, i) => {
    const row = byIndex.get(i)
    return Object.fromEntries(
      Object.keys(zero).map((k) => [k, row ? Number(row[k] ?? 0) : (zero[k] as number)]),
    ) as T
  })
}
