import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// The site's logo and favicon: one small re-encoded image per kind, kept in the database like profile
// pictures (decision 0019), so the identity travels with the database backup.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db)
  const t = columnTypes(dialect)
  await db.schema
    .createTable('site_images')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_images').execute()
}
