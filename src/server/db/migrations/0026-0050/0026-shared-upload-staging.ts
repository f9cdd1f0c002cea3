import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Resumable uploads staged where every instance sees them (docs/decisions/0081): the blob store holds
// the bytes (an S3 multipart upload, or a staging file under the shared blob root), the session row
// holds how far the upload got and who is writing to it:
//   blob_key       the key the finished blob commits under (a reference: it is never deleted while named)
//   staged_bytes   the offset: bytes the store holds, saved after every PATCH
//   staging_state  the store's own bookkeeping as JSON (S3: upload id and part ETags)
//   writer, writer_until  a lease: the one request appending now, on whichever instance
// Uploads under way before this migration staged their bytes in one instance's DATA_DIR/uploads; they
// cannot go on and are dropped (clients start them again), which also ends their quota reservations.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.deleteFrom('upload_sessions').execute()
  await db.schema
    .alterTable('upload_sessions')
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('upload_sessions')
    .addColumn('staged_bytes', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('upload_sessions').addColumn('staging_state', 'text').execute()
  await db.schema.alterTable('upload_sessions').addColumn('writer', 'text').execute()
  await db.schema.alterTable('upload_sessions').addColumn('writer_until', t.timestamp).execute()
  await db.schema
    .createIndex('upload_sessions_blob_key_idx')
    .on('upload_sessions')
    .column('blob_key')
    .unique()
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('upload_sessions_blob_key_idx').execute()
  for (const column of ['writer_until', 'writer', 'staging_state', 'staged_bytes', 'blob_key']) {
    await db.schema.alterTable('upload_sessions').dropColumn(column).execute()
  }
}
