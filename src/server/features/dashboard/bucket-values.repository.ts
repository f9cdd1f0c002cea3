import { type RawBuilder, sql } from 'kysely'
import { type Db, isPostgres } from '../../db/db'
import type { TimeSpan } from './bucket-calendar'
import { splitByUtcDays } from './day-pieces'

// The buckets as a table the database joins on (docs/decisions/0131): `(i, s, e)` rows, one per bucket,
// with the instants computed by the bucket calendar. SQLite compares its ISO-8601 text timestamps with
// ISO-8601 text (every timestamp is written by toISOString, so text order is time order); PostgreSQL
// gets timestamptz values.

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

/** One UTC day ('YYYY-MM-DD') as the day totals' `day` column compares. */
export function day(db: Db, key: string): RawBuilder<unknown> {
  return isPostgres(db) ? sql`cast(${key} as date)` : sql`${key}`
}

type PerSpan<K extends string> = Record<K, number>

/**
 * How to answer one figure for a stretch of time: `days` selects the fields from the day totals of the
 * UTC days [from, to), `rows` from the rows of the instants [start, end); each is the select list and
 * its `from … where …`, with the bounds as constants so the planner reads them off an index.
 */
export interface PieceQueries {
  days: (from: RawBuilder<unknown>, to: RawBuilder<unknown>) => RawBuilder<unknown>
  rows: (start: RawBuilder<unknown>, end: RawBuilder<unknown>) => RawBuilder<unknown>
}

/** At most this many selects in one `union all` (SQLite allows 500). */
const PIECES_PER_STATEMENT = 100

/**
 * Figures per span: each span's whole UTC days read off the day totals and its partial days off the
 * rows (docs/decisions/0144), one select per piece in a `union all`, added up per span here.
 */
export async function sumPerSpan<K extends string>(
  db: Db,
  spans: readonly TimeSpan[],
  fields: readonly K[],
  queries: PieceQueries,
): Promise<PerSpan<K>[]> {
  const { days, edges } = splitByUtcDays(spans)
  const pieces = [
    ...days.map((x) => sql`select ${sql.lit(x.i)} as i, ${queries.days(day(db, x.from), day(db, x.to))}`),
    ...edges.map(
      (x) =>
        sql`select ${sql.lit(x.i)} as i, ${queries.rows(instant(db, x.span.start), instant(db, x.span.end))}`,
    ),
  ]
  const sums = spans.map(() => Object.fromEntries(fields.map((f) => [f, 0])) as PerSpan<K>)
  for (let from = 0; from < pieces.length; from += PIECES_PER_STATEMENT) {
    const statement = sql.join(pieces.slice(from, from + PIECES_PER_STATEMENT), sql` union all `)
    const { rows } = await sql<{ i: number | string; [field: string]: unknown }>`${statement}`.execute(db)
    for (const row of rows) {
      const target = sums[Number(row.i)]!
      for (const f of fields) target[f] += Number(row[f] ?? 0)
    }
  }
  return sums
}

/**
 * PostgreSQL compiles a query whose estimated cost passes `jit_above_cost` to machine code first: for
 * the dashboard's aggregates (milliseconds each) that compiling took 400 ms and more. Off for the rest
 * of the dashboard's transaction only (decision 0144); SQLite has nothing to turn off.
 */
export async function withoutJit(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`set local jit = off`.execute(db)
}
