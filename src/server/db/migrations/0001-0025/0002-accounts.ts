import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Accounts and sign-in: what the session list shows (device, last seen, address), the
// purpose of a verification token (product.md §1: "add a purpose column"), and the audit log.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  // `expires` stays Auth.js's absolute end of the session; lastSeenAt drives the idle timeout.
  await db.schema.alterTable('sessions').addColumn('lastSeenAt', t.timestamp).execute()
  await db.schema.alterTable('sessions').addColumn('userAgent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('ipAddress', 'text').execute()

  await db.schema
    .alterTable('verification_tokens')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('verify_email'))
    .execute()
  await db.schema.alterTable('verification_tokens').addColumn('createdAt', t.timestamp).execute()

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    // One of AUDIT_ACTIONS (audit.ts); not a CHECK, so adding an action needs no table rebuild on SQLite.
    .addColumn('action', 'text', (c) => c.notNull())
    // Who: kept as a snapshot so the record survives the user's deletion.
    .addColumn('actorId', 'text')
    .addColumn('actorEmail', 'text')
    .addColumn('targetType', 'text')
    .addColumn('targetId', 'text')
    // From where.
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    // JSON object; never a secret (the audit writer refuses known secret keys).
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  await db.schema.createIndex('audit_events_created_idx').on('audit_events').column('createdAt').execute()
  await db.schema
    .createIndex('audit_events_target_idx')
    .on('audit_events')
    .columns(['targetType', 'targetId'])
    .execute()
  await db.schema.createIndex('audit_events_actor_idx').on('audit_events').column('actorId').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute()
}
