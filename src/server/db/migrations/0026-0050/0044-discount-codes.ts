import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Discount codes (docs/decisions/0124, 0125): the codes staff make, the products a code is limited to,
// and on orders the code used, the discount per line, and where the order's use of the code stands
// (reserved at checkout, counted when paid, returned when the checkout is abandoned). A refund may name
// the line it returns money for, so that it is capped at what was paid for that line.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['percentage', 'fixed'])))
    .addColumn('value', t.bigint, (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_order', t.bigint)
    .addColumn('starts_at', t.timestamp)
    .addColumn('ends_at', t.timestamp)
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('all_products', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('paid_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('discount_code_products')
    .addColumn('discount_code_id', 'text', (c) =>
      c.notNull().references('discount_codes.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('discount_code_products_pkey', ['discount_code_id', 'product_id'])
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('discount_code_id', 'text', (c) => c.references('discount_codes.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('discount_total', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('orders')
    .addColumn('discount_use', 'text', (c) =>
      c.check(oneOf('discount_use', ['reserved', 'counted', 'returned'])),
    )
    .execute()
  await db.schema
    .alterTable('product_orders')
    .addColumn('discount', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('refunds').addColumn('product_id', 'text').execute()
  await db.schema
    .createIndex('orders_discount_code_user_idx')
    .on('orders')
    .columns(['discount_code_id', 'user_id'])
    .execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_discount_code_user_idx').execute()
  await db.schema.alterTable('refunds').dropColumn('product_id').execute()
  await db.schema.alterTable('product_orders').dropColumn('discount').execute()
  for (const column of ['discount_use', 'discount_total', 'discount_code', 'discount_code_id'])
    await db.schema.alterTable('orders').dropColumn(column).execute()
  await db.schema.dropTable('discount_code_products').execute()
  await db.schema.dropTable('discount_codes').execute()
}
