import type { Kysely } from 'kysely'

// The trash as a table (docs/decisions/0086): a page of entries newest first is read straight off
// (deleted_singly, deletedAt, id), so neither the page nor a keyset export batch sorts the trash; an
// entry is found from its original folder by trash_items_folder_idx (0010) when the listing is scoped
// to a user's grants.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('trash_items_entries_idx')
    .on('trash_items')
    .columns(['deleted_singly', 'deletedAt', 'id'])
    .execute()
  // The retention purge (entries oldest first, trashed before a date) reads the new index too.
  await db.schema.dropIndex('trash_items_deleted_idx').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('trash_items_deleted_idx').on('trash_items').column('deletedAt').execute()
  await db.schema.dropIndex('trash_items_entries_idx').execute()
}
