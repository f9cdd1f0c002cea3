import { type Kysely, sql } from 'kysely'

// The unread count reads each reader's own ways into the notifications (docs/decisions/0165): the
// folders they can open, by (folder_id, id); the broadcast types they see every one of, by (type, id).
// The first replaces the folder index, which it covers. A notification about a file records its folder
// from now on (notify() looks it up when only the file is named); older ones get it here, from where the
// file is now, which is the folder their access was checked on until now.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update notifications set folder_id = (select f.folder_id from files f where f.id = notifications.file_id)
    where folder_id is null and file_id is not null
  `.execute(db)
  await db.schema
    .createIndex('notifications_folder_id_idx')
    .on('notifications')
    .columns(['folder_id', 'id'])
    .execute()
  await db.schema.dropIndex('notifications_folder_idx').execute()
  await db.schema
    .createIndex('notifications_type_id_idx')
    .on('notifications')
    .columns(['type', 'id'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_type_id_idx').execute()
  await db.schema.createIndex('notifications_folder_idx').on('notifications').column('folder_id').execute()
  await db.schema.dropIndex('notifications_folder_id_idx').execute()
}
