import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Notification settings and the e-mail digest (docs/decisions/0143): one row per person who saved
// settings (no row: the defaults, bell only). `digestAfter` is the newest notification id the digest
// has dealt with (the next digest lists only later ones); `lastDigestAt` when the last one was queued.

const DELIVERIES = ['bell', 'bell_email', 'off']

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('shop', 'text', (c) => c.notNull())
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('digestAfter', 'text', (c) => c.notNull())
    .addColumn('lastDigestAt', t.timestamp)
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('notification_settings_files_check', oneOf('files', DELIVERIES))
    .addCheckConstraint('notification_settings_shop_check', oneOf('shop', DELIVERIES))
    .addCheckConstraint('notification_settings_inbox_check', oneOf('inbox', DELIVERIES))
    .addCheckConstraint('notification_settings_digest_check', oneOf('digest', ['hourly', 'daily']))
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute()
}
