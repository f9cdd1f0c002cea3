import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/connection'
import type { DB } from '../../db/schema'

// What a logical backup needs to know about the schema as it is in the database: the tables, and the
// foreign keys between them so that a restore inserts referenced rows first.

export interface ForeignKey {
  from: string
  fromColumn: string
  to: string
  toColumn: string
}

/** The application's tables (not Kysely's migration bookkeeping, not views), by name. */
export async function listTables(db: Kysely<DB>): Promise<string[]> {
  const tables = await db.introspection.getTables()
  return tables
    .filter((t) => !t.isView)
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

/** Tables ordered so that each comes after the tables it references (self-references aside). */
export function insertOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const known = new Set(tables)
  const ordered: string[] = []
  const done = new Set<string>()
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (done.has(table)) return
    if (visiting.has(table)) throw new Error(`Foreign keys form a cycle through table ${table}.`)
    visiting.add(table)
    for (const key of keys) if (key.from === table && key.to !== table && known.has(key.to)) visit(key.to)
    visiting.delete(table)
    done.add(table)
    ordered.push(table)
  }
  for (const table of [...tables].sort()) visit(table)
  return ordered
}

/**
 * Rows of a table that references itself (a folder's parent), ordered so that a referenced row
 * always comes before the rows naming it.
 */
export function orderSelfReferences(
  rows: Record<string, unknown>[],
  selfKeys: readonly ForeignKey[],
): Record<string, unknown>[] {
  if (selfKeys.length === 0) return rows
  const placed = new Map<string, Set<unknown>>(selfKeys.map((k) => [k.toColumn, new Set()]))
  const ordered: Record<string, unknown>[] = []
  let pending = rows
  while (pending.length > 0) {
    const next: Record<string, unknown>[] = []
    for (const row of pending) {
      const ready = selfKeys.every((k) => {
        const value = row[k.fromColumn]
        return (
          value === null ||
          value === undefined ||
          value === row[k.toColumn] ||
          placed.get(k.toColumn)!.has(value)
        )
      })
      if (!ready) {
        next.push(row)
        continue
      }
      ordered.push(row)
      for (const [column, values] of placed) values.add(row[column])
    }
    if (next.length === pending.length) {
      throw new Error(`${next.length} row(s) reference rows of their own table that are not in the backup.`)
    }
    pending = next
  }
  return ordered
}
