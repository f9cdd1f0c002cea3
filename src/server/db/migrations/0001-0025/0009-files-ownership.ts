import type { Kysely } from 'kysely'

// Who made what in the file manager (product.md §2), shared by the folder, trash and upload work:
//  - `folders.createdBy` and `files.createdBy`: the creator or uploader (null once that user is gone);
//    quotas count a user's files, and editors may restore "own deletions";
//  - `files.sha256`: the content hash computed while the upload streamed, the download's strong ETag;
//  - `trash_items.trashedBy`: who trashed the item ("we record who trashed each item"), which decides
//    who sees the trash entry and whether an editor may restore it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('folders')
    .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('files')
    .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('files').addColumn('sha256', 'text').execute()
  await db.schema
    .alterTable('trash_items')
    .addColumn('trashedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('files_created_by_idx').on('files').column('createdBy').execute()
  await db.schema.createIndex('trash_items_trashed_by_idx').on('trash_items').column('trashedBy').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trash_items_trashed_by_idx').execute()
  await db.schema.dropIndex('files_created_by_idx').execute()
  await db.schema.alterTable('trash_items').dropColumn('trashedBy').execute()
  await db.schema.alterTable('files').dropColumn('sha256').execute()
  await db.schema.alterTable('files').dropColumn('createdBy').execute()
  await db.schema.alterTable('folders').dropColumn('createdBy').execute()
}
