import { type Kysely, sql } from 'kysely'

// Indexes for the hot queries (docs/decisions/0062): every staff table's default order (createdAt
// descending, then id) is read straight off an index, so a page or an export batch never sorts the
// whole table; the catalogue's filter (published, not deleted) and its default order share one index;
// the trash finds entries by the item they hold. Indexes the new ones begin with are dropped.

const ORDERED: [table: string, name: string][] = [
  ['users', 'users_created_id_idx'],
  ['quote_requests', 'quote_requests_created_id_idx'],
  ['contacts', 'contacts_created_id_idx'],
  ['ebook_requests', 'ebook_requests_created_id_idx'],
  ['orders', 'orders_created_id_idx'],
  ['audit_events', 'audit_events_created_id_idx'],
]

// Single-column indexes on createdAt that the (createdAt, id) ones above replace.
const REPLACED: [table: string, name: string, column: string][] = [
  ['quote_requests', 'quote_requests_created_idx', 'createdAt'],
  ['contacts', 'contacts_created_idx', 'createdAt'],
  ['audit_events', 'audit_events_created_idx', 'createdAt'],
]

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, name] of ORDERED) {
    await db.schema.createIndex(name).on(table).columns(['createdAt', 'id']).execute()
  }
  for (const [, name] of REPLACED) await db.schema.dropIndex(name).execute()

  // Partial: PostgreSQL cannot order by an index after an `is null` column, and deleted products are
  // never listed. deletedAt is carried at the end so the catalogue's count reads the index alone.
  await db.schema
    .createIndex('products_catalogue_idx')
    .on('products')
    .columns(['isPublished', 'createdAt', 'id', 'deletedAt'])
    .where(sql.ref('deletedAt'), 'is', null)
    .execute()
  await db.schema
    .createIndex('products_managed_idx')
    .on('products')
    .columns(['createdAt', 'id'])
    .where(sql.ref('deletedAt'), 'is', null)
    .execute()
  // (isPublished, createdAt) is a weaker form of products_catalogue_idx.
  await db.schema.dropIndex('products_listed_idx').execute()

  await db.schema.createIndex('trash_items_item_idx').on('trash_items').column('item_id').execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trash_items_item_idx').execute()
  await db.schema
    .createIndex('products_listed_idx')
    .on('products')
    .columns(['isPublished', 'createdAt'])
    .execute()
  await db.schema.dropIndex('products_managed_idx').execute()
  await db.schema.dropIndex('products_catalogue_idx').execute()
  for (const [table, name, column] of REPLACED)
    await db.schema.createIndex(name).on(table).column(column).execute()
  for (const [, name] of ORDERED) await db.schema.dropIndex(name).execute()
}
