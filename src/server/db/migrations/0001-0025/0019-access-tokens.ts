import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Personal access tokens (docs/decisions/0057): one row per token a user made for a script or an
// integration. Only the token's SHA-256 is stored; `hint` keeps its first characters so the owner can
// tell tokens apart. A revoked token's row is deleted; an expired one stays until its owner removes it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .addColumn('lastUsedAt', t.timestamp)
    .addColumn('lastUsedIp', 'text')
    .addCheckConstraint('access_tokens_scope_check', oneOf('scope', ['read-only', 'read-write']))
    .execute()
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('userId').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_tokens').execute()
}
