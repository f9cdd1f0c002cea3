import type { Kysely } from 'kysely'

// Counting the admins (countAdmins: every page of the users table, the first-run check) read every
// user; with 100k users that scan was most of the users page (docs/decisions/0147). An index on
// (role, isRestricted) makes it a range of the few admins.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_role_idx').on('users').columns(['role', 'isRestricted']).execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_role_idx').execute()
}
