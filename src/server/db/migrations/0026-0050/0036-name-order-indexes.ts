import type { Kysely } from 'kysely'

// A common search text (docs/decisions/0100): when most names contain it, the search reads folders
// and files in (name_key, id) order from the cursor on and keeps the names that contain it, so a page
// costs about a page of index rows instead of sorting every match. These are the indexes for that
// order, on both dialects.

const INDEXES = [
  { name: 'folders_name_order_idx', table: 'folders' },
  { name: 'files_name_order_idx', table: 'files' },
]

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES)
    await db.schema.createIndex(index.name).on(index.table).columns(['name_key', 'id']).execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute()
}
