import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Two-factor sign-in (docs/decisions/0044): one authenticator per user and its single-use recovery
// codes. The TOTP secret is stored encrypted (the server must read it back to check a code); recovery
// codes only as hashes.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('user_two_factor')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabledAt', t.timestamp)
    .addColumn('lastUsedStep', t.bigint)
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('usedAt', t.timestamp)
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('two_factor_recovery_codes_user_idx')
    .on('two_factor_recovery_codes')
    .columns(['userId', 'codeHash'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').execute()
  await db.schema.dropTable('user_two_factor').execute()
}
