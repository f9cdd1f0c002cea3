import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Notifications as an inbox (docs/decisions/0022). The shared `notifications` row stays as
// the specification has it (plus `itemCount` for grouped entries); everything per person lives
// beside it:
//  - notification_reads: one row per (user, notification) the user has acted on: read, marked
//    unread again, or dismissed;
//  - notification_read_marks: the user's "mark all read" watermark (every notification with an id at
//    or below it counts as read unless a notification_reads row says otherwise);
//  - notification_recipients: the `for_users` list as rows, so "addressed to me" is an indexed lookup
//    rather than a JSON scan of every notification.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  // How many things one entry stands for: 1, or more when a burst was grouped ("uploaded 12 files").
  await db.schema
    .alterTable('notifications')
    .addColumn('itemCount', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  // Grouping looks for the actor's latest entry on the same folder.
  await db.schema
    .createIndex('notifications_actor_folder_idx')
    .on('notifications')
    .columns(['user_id', 'folder_id', 'createdAt'])
    .execute()
  // Read-time access checks join orders and folders through these.
  await db.schema.createIndex('notifications_order_idx').on('notifications').column('order_id').execute()
  await db.schema.createIndex('notifications_folder_idx').on('notifications').column('folder_id').execute()

  await db.schema
    .createTable('notification_recipients')
    .addColumn('notification_id', 'text', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // (user, notification): a user's addressed notifications, newest first, straight off the index.
    .addPrimaryKeyConstraint('notification_recipients_pkey', ['user_id', 'notification_id'])
    .execute()
  await db.schema
    .createIndex('notification_recipients_notification_idx')
    .on('notification_recipients')
    .column('notification_id')
    .execute()

  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'text', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    // Null: explicitly unread (overrides the watermark). Set: read at that time.
    .addColumn('readAt', t.timestamp)
    .addColumn('dismissedAt', t.timestamp)
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pkey', ['user_id', 'notification_id'])
    .execute()
  // Retention deletes by notification; the cascade needs this side indexed too.
  await db.schema
    .createIndex('notification_reads_notification_idx')
    .on('notification_reads')
    .column('notification_id')
    .execute()

  await db.schema
    .createTable('notification_read_marks')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // A notification id: ids are assigned in commit order (notify.ts), so "at or below" is exact.
    .addColumn('readUpTo', 'text', (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_read_marks').execute()
  await db.schema.dropTable('notification_reads').execute()
  await db.schema.dropTable('notification_recipients').execute()
  await db.schema.dropIndex('notifications_folder_idx').execute()
  await db.schema.dropIndex('notifications_order_idx').execute()
  await db.schema.dropIndex('notifications_actor_folder_idx').execute()
  await db.schema.alterTable('notifications').dropColumn('itemCount').execute()
}
