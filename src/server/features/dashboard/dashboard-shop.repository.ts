import { sql } from 'kysely'
import { ORDER_STATUSES } from '../../../shared/enums'
import type { Db } from '../../db/db'
import type { Bucket, TimeSpan } from './bucket-calendar'
import { dense, withBuckets } from './bucket-values.repository'

// The shop's figures (docs/decisions/0131): aggregates over orders by when they were paid
// (`orders.paid_at`, 0047) or created, and over processed refunds by when they settled. Every sum and
// count is the database's; only the rows of the result (a few per bucket) reach this file.

const iso = (at: Date) => at.toISOString()

export interface SalesFigures {
  paidOrders: number
  revenue: number
  discounts: number
  newCustomers: number
  refunds: number
  checkoutsStarted: number
  checkoutsPaid: number
}

function paidIn(db: Db, span: TimeSpan) {
  return db.selectFrom('orders').where('paid_at', '>=', iso(span.start)).where('paid_at', '<', iso(span.end))
}

/** The KPIs of one span of time. */
export async function salesFigures(db: Db, span: TimeSpan): Promise<SalesFigures> {
  const paid = await paidIn(db, span)
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      eb.fn.coalesce(eb.fn.sum<number>('total'), eb.val(0)).as('revenue'),
      eb.fn.coalesce(eb.fn.sum<number>('discount_total'), eb.val(0)).as('discounts'),
    ])
    .executeTakeFirstOrThrow()
  // Customers whose first paid order is in the span: a paid order in it, and none before it.
  const customers = await db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.count<number>('o.user_id').distinct().as('n'))
    .where('o.paid_at', '>=', iso(span.start))
    .where('o.paid_at', '<', iso(span.end))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders as p')
            .select(sql.lit(1).as('one'))
            .whereRef('p.user_id', '=', 'o.user_id')
            .where('p.paid_at', '<', iso(span.start)),
        ),
      ),
    )
    .executeTakeFirstOrThrow()
  const refunds = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('amount'))
    .where('status', '=', 'processed')
    .where('updatedAt', '>=', iso(span.start))
    .where('updatedAt', '<', iso(span.end))
    .executeTakeFirstOrThrow()
  const checkouts = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('started'), eb.fn.count<number>('paid_at').as('paid')])
    .where('createdAt', '>=', iso(span.start))
    .where('createdAt', '<', iso(span.end))
    .executeTakeFirstOrThrow()
  return {
    paidOrders: Number(paid.orders),
    revenue: Number(paid.revenue),
    discounts: Number(paid.discounts),
    newCustomers: Number(customers.n),
    refunds: Number(refunds.amount),
    checkoutsStarted: Number(checkouts.started),
    checkoutsPaid: Number(checkouts.paid),
  }
}

/** Revenue (before refunds) and paid orders per bucket, every bucket present. */
export async function revenueSeries(db: Db, buckets: readonly Bucket[]) {
  const { rows } = await sql<{ i: number; revenue: number; orders: number }>`${withBuckets(db, buckets)}
    select b.i as i, coalesce(sum(o.total), 0) as revenue, count(o.id) as orders
    from b join orders o on o.paid_at >= b.s and o.paid_at < b.e
    group by b.i`.execute(db)
  const figures = dense(buckets.length, rows, { revenue: 0, orders: 0 })
  return buckets.map((b, i) => ({ bucket: b.key, ...(figures[i] as { revenue: number; orders: number }) }))
}

/** The ten products that brought in most on orders paid in the span (line totals after discounts). */
export async function topProducts(db: Db, span: TimeSpan) {
  const rows = await db
    .selectFrom('product_orders as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select((eb) => [
      'l.product_id as productId',
      'p.name as name',
      eb.fn.sum<number>(sql`l.amount * l.quantity - l.discount`).as('revenue'),
      eb.fn.sum<number>('l.quantity').as('quantity'),
    ])
    .where('o.paid_at', '>=', iso(span.start))
    .where('o.paid_at', '<', iso(span.end))
    .groupBy(['l.product_id', 'p.name'])
    .orderBy('revenue', 'desc')
    .orderBy('l.product_id')
    .limit(10)
    .execute()
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue), quantity: Number(r.quantity) }))
}

/** Orders created in the span by their status now, every status listed. */
export async function ordersByStatus(db: Db, span: TimeSpan) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('createdAt', '>=', iso(span.start))
    .where('createdAt', '<', iso(span.end))
    .groupBy('status')
    .execute()
  const counts = new Map(rows.map((r) => [r.status, Number(r.count)]))
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }))
}
