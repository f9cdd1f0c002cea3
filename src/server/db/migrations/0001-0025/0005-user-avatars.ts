import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// Profile pictures: one small WebP per user (resized to 256×256 on upload, so at most a few tens of
// kilobytes), kept in the database beside the user rather than in blob storage. `users.image` points
// at it with a version so browsers cache it until it changes.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db)
  const t = columnTypes(dialect)
  await db.schema
    .createTable('user_avatars')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_avatars').execute()
}
