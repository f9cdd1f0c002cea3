import { type Kysely, sql } from 'kysely'

// Deleting a file for good makes the database find the rows that name it through a foreign key: the
// notifications about it (ON DELETE SET NULL) and its upload sessions (ON DELETE CASCADE). Neither
// column had an index, so each deletion read the whole notifications table: 11 ms a file at 44k
// notifications under the load benchmark, growing with every notification kept. Only the rows that
// name a file are indexed.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('notifications_file_id_idx')
    .on('notifications')
    .column('file_id')
    .where(sql.ref('file_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('upload_sessions_file_id_idx')
    .on('upload_sessions')
    .column('file_id')
    .where(sql.ref('file_id'), 'is not', null)
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('upload_sessions_file_id_idx').execute()
  await db.schema.dropIndex('notifications_file_id_idx').execute()
}
