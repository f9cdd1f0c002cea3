import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// The e-mail before an access token expires (docs/decisions/0138): `expiryMailedAt` says when its
// owner was told, so a daily job mails each token once. Tokens already expired or made before this
// stay null; the job looks only at tokens that expire in the coming week.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('access_tokens').addColumn('expiryMailedAt', t.timestamp).execute()
  await db.schema.createIndex('access_tokens_expires_idx').on('access_tokens').column('expiresAt').execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('access_tokens_expires_idx').execute()
  await db.schema.alterTable('access_tokens').dropColumn('expiryMailedAt').execute()
}
