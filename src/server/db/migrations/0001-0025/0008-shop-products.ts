import type { Kysely } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// What the specification's Product lacks for product.md §3, shared by the catalogue and the checkout:
//  - drafts and published products (`isPublished`): only published ones are listed and sold;
//  - deleting a product that was ordered only hides it (`deletedAt`), so old orders still show it;
//  - the deliverable: `product_url` is an external link, or null when the buyer receives a file
//    uploaded by staff, kept private in blob storage under `deliveryFileKey` (served through expiring
//    signed links, never by its key).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .alterTable('products')
    .addColumn('isPublished', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema.alterTable('products').addColumn('deletedAt', t.timestamp).execute()
  await db.schema.alterTable('products').addColumn('deliveryFileKey', 'text').execute()
  await db.schema.alterTable('products').addColumn('deliveryFileName', 'text').execute()
  await db.schema.alterTable('products').addColumn('deliveryFileType', 'text').execute()
  await db.schema.alterTable('products').addColumn('deliveryFileSize', t.bigint).execute()
  // The catalogue: published, not deleted, newest first or by price.
  await db.schema
    .createIndex('products_listed_idx')
    .on('products')
    .columns(['isPublished', 'createdAt'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_listed_idx').execute()
  for (const column of [
    'deliveryFileSize',
    'deliveryFileType',
    'deliveryFileName',
    'deliveryFileKey',
    'deletedAt',
    'isPublished',
  ]) {
    await db.schema.alterTable('products').dropColumn(column).execute()
  }
}
