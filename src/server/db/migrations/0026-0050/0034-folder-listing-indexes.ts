import type { Kysely } from 'kysely'

// A folder's listing read by keyset (docs/decisions/0093): one index per order the file manager offers,
// (parent, trashed, sort key, id), so a page of subfolders or files in any of them, up or down, is
// one index range read in a folder of any size, and never sorts. Their leading column serves the
// foreign keys' lookups, so the single-column parent indexes of 0001 go.

const INDEXES = [
  {
    name: 'folders_children_name_idx',
    table: 'folders',
    columns: ['parent_id', 'isTrashed', 'name_key', 'id'],
  },
  {
    name: 'folders_children_updated_idx',
    table: 'folders',
    columns: ['parent_id', 'isTrashed', 'updatedAt', 'id'],
  },
  { name: 'files_children_name_idx', table: 'files', columns: ['folder_id', 'isTrashed', 'name_key', 'id'] },
  { name: 'files_children_size_idx', table: 'files', columns: ['folder_id', 'isTrashed', 'size', 'id'] },
  {
    name: 'files_children_updated_idx',
    table: 'files',
    columns: ['folder_id', 'isTrashed', 'updatedAt', 'id'],
  },
]

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute()
  }
  await db.schema.dropIndex('folders_parent_idx').execute()
  await db.schema.dropIndex('files_folder_idx').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('folders_parent_idx').on('folders').column('parent_id').execute()
  await db.schema.createIndex('files_folder_idx').on('files').column('folder_id').execute()
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute()
}
