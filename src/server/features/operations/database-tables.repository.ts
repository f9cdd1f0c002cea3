import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/connection'
import type { Db } from '../../db/db'
import type { DB } from '../../db/schema'
import type { ForeignKey } from './database-tables'

// The queries of a logical backup and its restore: the schema as it is in the database (tables,
// columns, foreign keys, applied migrations), a table's rows page by page, and rows written back.

/**
 * Tables derived from others by triggers, so a backup leaves them out and a restore rebuilds them as
 * it inserts the rows they follow: SQLite's name search index (migration 0035; the FTS5 table's own
 * storage tables share its prefix), the listed products' counts (0037), the dashboard's day totals
 * (0053), the large staff tables' row counts (0056) and the public pages' data stamp (0060); and
 * the notifications' order row (0062), which the next notification sets from the notifications' own ids.
 */
const DERIVED =
  /^(item_names(_fts.*)?|listed_product_counts|sales_days|order_status_days|product_sales_(days|months)|customer_firsts|first_replies|row_counts|page_data_versions|notification_order)$/

/** The application's tables (not Kysely's migration bookkeeping, not views, not derived indexes), by name. */
export async function listTables(db: Kysely<DB>): Promise<string[]> {
  const tables = await db.introspection.getTables()
  return tables
    .filter((t) => !t.isView && !DERIVED.test(t.name))
    .map((t) => t.name)
    .sort()
}

/** Every table, Kysely's migration tables included: a restore target must have none. */
export async function countAllTables(db: Kysely<DB>): Promise<number> {
  return (await db.introspection.getTables({ withInternalKyselyTables: true })).filter((t) => !t.isView)
    .length
}

export async function listForeignKeys(database: Database): Promise<ForeignKey[]> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<ForeignKey>`
      select cl.relname as "from", a.attname as "fromColumn", rcl.relname as "to", ra.attname as "toColumn"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_class rcl on rcl.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      where c.contype = 'f' and n.nspname = current_schema()`.execute(database.db)
    return rows
  }
  const { rows } = await sql<ForeignKey & { toColumn: string | null }>`
    select m.name as "from", p."from" as "fromColumn", p."table" as "to", p."to" as "toColumn"
    from sqlite_master m join pragma_foreign_key_list(m.name) p
    where m.type = 'table'`.execute(database.db)
  // SQLite leaves "to" empty for a reference to the primary key; ours are all named `id`.
  return rows.map((r) => ({ ...r, toColumn: r.toColumn ?? 'id' }))
}

/** Each table's column names. */
export async function tableColumns(db: Kysely<DB>): Promise<Map<string, string[]>> {
  return new Map((await db.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]))
}

/** The names of the migrations applied, in order. */
export async function appliedMigrationNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .orderBy('name' as never)
    .execute()
  return rows.map((r) => (r as { name: string }).name)
}

/** One page of a table's rows, ordered by every column so the order is total for any table with a key. */
export async function tablePage(
  db: Db,
  table: string,
  columns: readonly string[],
  page: { limit: number; offset: number },
): Promise<Record<string, unknown>[]> {
  let query = db
    .selectFrom(table as never)
    .selectAll()
    .limit(page.limit)
    .offset(page.offset)
  for (const column of columns) query = query.orderBy(sql.ref(column))
  return (await query.execute()) as Record<string, unknown>[]
}

export async function insertRows(
  db: Db,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  await (db as Kysely<DB>)
    .insertInto(table as never)
    .values(rows as never)
    .execute()
}
