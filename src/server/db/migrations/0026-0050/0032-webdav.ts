import type { Kysely } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// WebDAV (/dav/, docs/decisions/0091): locks and dead properties live in the database, so every
// instance behind the balancer sees the same ones. A lock names the DAV path it was taken on (a lock
// on a name that does not exist yet has no item) and, when there is one, the item it covers; a dead
// property belongs to an item and goes with it.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The decoded DAV path the lock was taken on, as the locker sees it ("/My folders/Reports/a.txt"). */
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.check(oneOf('item_type', ['file', 'folder'])))
    .addColumn('item_id', 'text')
    .addColumn('depth', 'text', (c) => c.notNull().check(oneOf('depth', ['0', 'infinity'])))
    .addColumn('scope', 'text', (c) => c.notNull().check(oneOf('scope', ['exclusive', 'shared'])))
    /** The client's <D:owner> element, echoed back in lock discovery. */
    .addColumn('owner', 'text')
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dav_locks_item_idx').on('dav_locks').columns(['item_id']).execute()
  await db.schema.createIndex('dav_locks_path_idx').on('dav_locks').columns(['path']).execute()

  await db.schema
    .createTable('dav_properties')
    .addColumn('item_type', 'text', (c) => c.notNull().check(oneOf('item_type', ['file', 'folder'])))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** The property element's content as XML text (its children and text, namespaces declared inline). */
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_properties_pk', ['item_type', 'item_id', 'namespace', 'name'])
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dav_properties').execute()
  await db.schema.dropTable('dav_locks').execute()
}
