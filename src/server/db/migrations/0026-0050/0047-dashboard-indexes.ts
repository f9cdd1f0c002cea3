import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf } from '../../migration-helpers'

// The dashboard (docs/decisions/0131, 0132): every figure is an aggregate over a time range, read off
// an index on the time it is counted by.
// - `orders.paid_at`: when the order first became paid (set once, by the move into `paid`). Paystack's
//   own paid_at is in Paystack's format and free orders have no payment row, so neither can be
//   compared as a timestamp on both databases. Filled here from the order's first move into `paid`,
//   else (an order paid before order events were kept) its last change.
// - Indexes: paid orders by time (carrying what revenue and discounts sum), a customer's paid orders
//   by time (their first), processed refunds by when they settled, files by when they were made.

const PAID = ['paid', 'refund_pending', 'refunded']

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))
  await db.schema.alterTable('orders').addColumn('paid_at', t.timestamp).execute()
  await sql`update orders set paid_at = (
      select min(e.${sql.ref('createdAt')}) from order_events e
      where e.order_id = orders.id and e.to_status = 'paid')`.execute(db)
  await sql`update orders set paid_at = ${sql.ref('updatedAt')}
    where paid_at is null and status in (${sql.join(PAID.map((s) => sql.lit(s)))})`.execute(db)
  await db.schema
    .createIndex('orders_paid_idx')
    .on('orders')
    .columns(['paid_at', 'total', 'discount_total'])
    .execute()
  await db.schema.createIndex('orders_user_paid_idx').on('orders').columns(['user_id', 'paid_at']).execute()
  await db.schema
    .createIndex('refunds_status_updated_idx')
    .on('refunds')
    .columns(['status', 'updatedAt', 'amount'])
    .execute()
  await db.schema.createIndex('files_created_idx').on('files').columns(['createdAt', 'size']).execute()
}

// Forward-only in production (architecture.md); down exists for local experiments.
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'files_created_idx',
    'refunds_status_updated_idx',
    'orders_user_paid_idx',
    'orders_paid_idx',
  ])
    await db.schema.dropIndex(name).execute()
  await db.schema.alterTable('orders').dropColumn('paid_at').execute()
}
