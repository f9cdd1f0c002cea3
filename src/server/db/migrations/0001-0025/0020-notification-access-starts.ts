import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Notifications start where access starts (docs/decisions/0060), and say what one action covered
// and what a refund returned (docs/decisions/0059):
//  - staff_access_starts: when a user's admin role or each staff function began (a folder grant's
//    own createdAt says when that access began). No row: since the account was made;
//  - notifications.contentCount: how many items the things acted on held ("trashed folder Reports,
//    124 items");
//  - notifications.amount / currency: the money an order notification is about (a refund), in minor
//    units, so the reader's sentence formats it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  await db.schema
    .createTable('staff_access_starts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('capability', 'text', (c) => c.notNull())
    .addColumn('startedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_access_starts_pkey', ['user_id', 'capability'])
    .addCheckConstraint(
      'staff_access_starts_capability_check',
      oneOf('capability', ['admin', 'ManageFolders', 'AccessShop', 'UploadProducts', 'ManageFeedback']),
    )
    .execute()

  await db.schema
    .alterTable('notifications')
    .addColumn('contentCount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('notifications').addColumn('amount', t.bigint).execute()
  await db.schema.alterTable('notifications').addColumn('currency', 'text').execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('currency').execute()
  await db.schema.alterTable('notifications').dropColumn('amount').execute()
  await db.schema.alterTable('notifications').dropColumn('contentCount').execute()
  await db.schema.dropTable('staff_access_starts').execute()
}
