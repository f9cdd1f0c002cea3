import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// A paid order keeps the exact file it bought (docs/decisions/0049):
//  - each order line gets a snapshot of its product's deliverable file, taken when the order is paid
//    (blob key, name, media type, size and SHA-256); downloads serve the snapshot, not the product's
//    current file;
//  - products record the SHA-256 of their file, so the snapshot can carry it;
//  - lines of orders already paid (or with a refund being asked for) are filled from their product's
//    current file, which is the file they were served until now.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('products').addColumn('deliveryFileSha256', 'text').execute()
  for (const [column, type] of [
    ['deliveryFileKey', 'text'],
    ['deliveryFileName', 'text'],
    ['deliveryFileType', 'text'],
    ['deliveryFileSize', t.bigint],
    ['deliveryFileSha256', 'text'],
  ] as const) {
    await db.schema.alterTable('product_orders').addColumn(column, type).execute()
  }
  // "Does any order still name this blob?" is asked whenever a file is replaced or an order refunded.
  await db.schema
    .createIndex('product_orders_delivery_file_idx')
    .on('product_orders')
    .column('deliveryFileKey')
    .execute()
  await sql`
    update product_orders set
      "deliveryFileKey" = (select p."deliveryFileKey" from products p where p.id = product_orders.product_id),
      "deliveryFileName" = (select p."deliveryFileName" from products p where p.id = product_orders.product_id),
      "deliveryFileType" = (select p."deliveryFileType" from products p where p.id = product_orders.product_id),
      "deliveryFileSize" = (select p."deliveryFileSize" from products p where p.id = product_orders.product_id)
    where order_id in (select id from orders where status in ('paid', 'refund_pending'))
  `.execute(db)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_orders_delivery_file_idx').execute()
  for (const column of [
    'deliveryFileSha256',
    'deliveryFileSize',
    'deliveryFileType',
    'deliveryFileName',
    'deliveryFileKey',
  ]) {
    await db.schema.alterTable('product_orders').dropColumn(column).execute()
  }
  await db.schema.alterTable('products').dropColumn('deliveryFileSha256').execute()
}
