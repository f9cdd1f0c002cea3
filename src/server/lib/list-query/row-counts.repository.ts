import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

// The kept row counts of the large staff tables (migration 0056, docs/decisions/0147): an unfiltered
// list's total is one primary-key read instead of a count of every row.

export type CountedTable = 'users' | 'orders' | 'quote_requests' | 'contacts' | 'ebook_requests'

/** How many rows `table` holds, as its triggers keep it. */
export async function keptRowCount(db: Kysely<DB>, table: CountedTable): Promise<number> {
  const row = await db.selectFrom('row_counts').select('n').where('table_name', '=', table).executeTakeFirst()
  if (row) return Number(row.n)
  // Only a database the migration never filled (none that migrateToLatest made) lands here.
  const counted = await db
    .selectFrom(table)
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(counted.n)
}

/** fetchListPage's options for a list of every row of `table` when `unfiltered`, else none. */
export function keptTotal(db: Kysely<DB>, table: CountedTable, unfiltered: boolean) {
  return unfiltered ? { total: () => keptRowCount(db, table) } : {}
}
