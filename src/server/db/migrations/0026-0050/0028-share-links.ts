import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Share links (features/files/links, docs/decisions/0087): a file or folder reached without an
// account through a link whose token only the link holds; the row keeps the token's SHA-256. A link
// stops when it is revoked (by hand, or because its item went to the trash: stopped_reason), expires,
// or reaches its download limit; nothing turns a stopped link back on.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('item_type', 'text', (c) => c.notNull().check(oneOf('item_type', ['file', 'folder'])))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(oneOf('mode', ['view', 'download', 'upload'])))
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', t.timestamp)
    .addColumn('download_limit', 'integer')
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('stopped_at', t.timestamp)
    .addColumn('stopped_reason', 'text', (c) => c.check(oneOf('stopped_reason', ['revoked', 'trashed'])))
    .execute()
  await db.schema.createIndex('share_links_item_idx').on('share_links').columns(['item_id']).execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_links').execute()
}
