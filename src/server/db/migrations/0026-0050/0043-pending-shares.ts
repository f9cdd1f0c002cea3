import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Shares by e-mail address waiting for an account (docs/decisions/0123): a folder
// shared with an address nobody has yet is kept here, and becomes a grant when an account with that
// address confirms it. One per folder and address; the folder's deletion takes it along.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('pending_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('permissionType', 'text', (c) =>
      c.notNull().check(oneOf('permissionType', ['viewer', 'editor', 'administrator'])),
    )
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('message', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('pending_shares_folder_email_key', ['folder_id', 'email'])
    .execute()
  await db.schema.createIndex('pending_shares_email_idx').on('pending_shares').columns(['email']).execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_shares').execute()
}
