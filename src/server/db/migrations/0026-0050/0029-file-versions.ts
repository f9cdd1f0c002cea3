import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// File versions (docs/decisions/0088): replacing a file's content keeps the previous content as a row
// here, naming its blob (a blob reference: never deleted while named), with who made that content,
// when, its size and hash. The row goes with its file (delete for good) and with the retention purge.
// files.contentBy says who made the current content (null: the file's creator).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('file_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('replacedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('file_versions_file_idx')
    .on('file_versions')
    .columns(['file_id', 'replacedAt'])
    .execute()
  await db.schema.createIndex('file_versions_path_idx').on('file_versions').column('path').execute()
  await db.schema
    .alterTable('files')
    .addColumn('contentBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('contentBy').execute()
  await db.schema.dropTable('file_versions').execute()
}
