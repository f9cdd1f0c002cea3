import { type Kysely, sql } from 'kysely'
import { columnTypes, dialectOf, oneOf } from '../../migration-helpers'

// Payments around the specification's Order (product.md §3), kept beside it rather than in it:
//  - order_payments: one row per order, the Paystack side of it (the access code the buyer resumes,
//    what Paystack last reported, the money that actually arrived, and when it was last verified, for
//    the reconciliation job);
//  - order_events: every status change (guarded: from → to) and every payment event received, with
//    its time and cause: the order page's history and the audit trail of money;
//  - refunds: each refund asked of Paystack, its amount and its fate (pending → processed | failed).
// orders.status already allows every status of product.md §3 (0001).

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db))

  await db.schema
    .createTable('order_payments')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('access_code', 'text')
    .addColumn('paystack_id', 'text')
    .addColumn('paystack_status', 'text')
    .addColumn('paid_amount', t.bigint)
    .addColumn('paid_currency', 'text')
    .addColumn('paid_at', t.timestamp)
    .addColumn('verify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_verified_at', t.timestamp)
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('order_events_kind_check', oneOf('kind', ['status', 'payment', 'refund', 'alert']))
    .execute()
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'id'])
    .execute()

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('paystack_refund_id', 'text', (c) => c.unique())
    .addColumn('amount', t.bigint, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('refunds_status_check', oneOf('status', ['pending', 'processed', 'failed']))
    .addCheckConstraint('refunds_amount_check', sql`amount > 0`)
    .execute()
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute()
  // The reconciliation job's scan: stale pending orders, oldest first.
  await db.schema
    .createIndex('orders_status_created_idx')
    .on('orders')
    .columns(['status', 'createdAt'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_status_created_idx').execute()
  await db.schema.dropTable('refunds').execute()
  await db.schema.dropTable('order_events').execute()
  await db.schema.dropTable('order_payments').execute()
}
