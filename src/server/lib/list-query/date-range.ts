import { type Expression, type SqlBool, sql } from 'kysely'

const DAY_MS = 24 * 60 * 60 * 1000

export interface DateRange {
  /** First day included, `YYYY-MM-DD` (validated by isoDateSchema in the contract). */
  from?: string | undefined
  /** Last day included, whole day in UTC. */
  to?: string | undefined
}

/**
 * The timestamps a date range covers: `start` inclusive, `end` exclusive (the midnight after `to`),
 * as ISO strings in the stored format, so the comparison is right on SQLite's text and PostgreSQL's
 * timestamptz alike. Using "< next midnight" rather than "<= 23:59:59.999" keeps any sub-millisecond
 * PostgreSQL value of the last day inside the range.
 */
export function dateRangeBounds(range: DateRange): { start?: string; end?: string } {
  const bounds: { start?: string; end?: string } = {}
  if (range.from) bounds.start = new Date(`${range.from}T00:00:00.000Z`).toISOString()
  if (range.to) {
    const end = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString()
    // After 9999-12-31 toISOString() writes "+010000-…", which sorts before every stored value.
    if (/^\d{4}-/.test(end)) bounds.end = end
  }
  return bounds
}

/**
 * A WHERE condition keeping rows whose `column` falls within the range; no bound given → all rows.
 * `column` is a developer-chosen reference (`orders.createdAt`), never user input.
 */
export function dateRangeFilter(column: string, range: DateRange): Expression<SqlBool> {
  const { start, end } = dateRangeBounds(range)
  const ref = sql.ref(column)
  if (start && end) return sql<SqlBool>`(${ref} >= ${start} and ${ref} < ${end})`
  if (start) return sql<SqlBool>`${ref} >= ${start}`
  if (end) return sql<SqlBool>`${ref} < ${end}`
  return sql<SqlBool>`1 = 1`
}
