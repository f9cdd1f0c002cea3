import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Resumable uploads (tus 1.0, docs/decisions/0028): one row per upload in progress. The bytes received
// so far live in a staging file (DATA_DIR/uploads/<id>.part) whose size is the upload's offset; the
// row says who may continue it, where the file will go and how long it may stay unfinished. The row
// and the staging file go away when the upload completes, is cancelled or expires.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A new file goes into folder_id; a replacement targets file_id (and its folder at completion).
    .addColumn('folder_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.references('files.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('declared_type', 'text')
    .addColumn('length', t.bigint, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('upload_sessions_user_idx').on('upload_sessions').column('user_id').execute()
  await db.schema
    .createIndex('upload_sessions_expires_idx')
    .on('upload_sessions')
    .column('expiresAt')
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_sessions').execute()
}
