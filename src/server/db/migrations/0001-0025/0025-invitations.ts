import type { Kysely } from 'kysely'
import { ROLES } from '../../../../shared/enums'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Invitations: an admin invites a person by e-mail with a role and staff functions; the link in the
// e-mail lets them set their name and password (features/admin/invitations.*). Only the token's hash
// is stored. An invitation is pending until it is accepted, revoked or past its expiry.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(oneOf('role', ROLES)))
    .addColumn('staffFunctions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .addColumn('accepted_at', t.timestamp)
    .addColumn('accepted_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', t.timestamp)
    .execute()
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute()
}
