import { type RawBuilder, sql } from 'kysely'

// A bound that holds for nearly every row (a retention window) must not drive a query: SQLite without
// statistics takes any range on an index as narrow, and walked the whole table through it instead of the
// short range the query is really about. Wrapped like this, the column is one no index answers, on
// either database; coalesce of a NOT NULL column is the column.

/** The NOT NULL `column`'s value, in a form the planner cannot read from the column's index. */
export const notIndexed = <T>(column: string): RawBuilder<T> =>
  sql<T>`coalesce(${sql.ref(column)}, ${sql.ref(column)})`
