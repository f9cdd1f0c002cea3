import { type RawBuilder, sql } from 'kysely'
import { ORDER_STATUSES } from '../../../shared/enums'
import type { Db } from '../../db/db'
import type { Bucket, TimeSpan } from './bucket-calendar'
import { day, instant, type PieceQueries, sumPerSpan } from './bucket-values.repository'
import { type DayRange, type EdgeSpan, splitByUtcDays, splitByUtcMonths } from './day-pieces'

// The shop's figures (docs/decisions/0131, 0144): aggregates over orders by when they were paid
// (`orders.paid_at`, 0047) or created, and over processed refunds by when they settled. A span's whole
// UTC days are read off the day totals the database keeps (migration 0053), its partial days off the
// rows; every sum and count is the database's, and only a few rows per bucket reach this file.

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

const PAID = ['orders', 'revenue', 'discounts'] as const
const PAID_QUERIES: PieceQueries = {
  days: (
    from,
    to,
  ) => sql`sum(d.paid_orders) as orders, sum(d.revenue) as revenue, sum(d.discounts) as discounts
    from sales_days d where d.day >= ${from} and d.day < ${to}`,
  rows: (start, end) => sql`count(o.id) as orders, sum(o.total) as revenue, sum(o.discount_total) as discounts
    from orders o where o.paid_at >= ${start} and o.paid_at < ${end}`,
}
const CHECKOUTS = ['started', 'paid'] as const
const CHECKOUT_QUERIES: PieceQueries = {
  days: (from, to) => sql`sum(d.checkouts_started) as started, sum(d.checkouts_paid) as paid
    from sales_days d where d.day >= ${from} and d.day < ${to}`,
  rows: (start, end) => sql`count(o.id) as started, count(o.paid_at) as paid
    from orders o where o."createdAt" >= ${start} and o."createdAt" < ${end}`,
}
const REFUNDS = ['amount'] as const
const REFUND_QUERIES: PieceQueries = {
  days: (from, to) =>
    sql`sum(d.refunds) as amount from sales_days d where d.day >= ${from} and d.day < ${to}`,
  rows: (start, end) => sql`sum(r.amount) as amount
    from refunds r where r.status = 'processed' and r."updatedAt" >= ${start} and r."updatedAt" < ${end}`,
}

/** Buyers whose first paid order is in the span. */
async function newCustomers(db: Db, span: TimeSpan): Promise<number> {
  const row = await db
    .selectFrom('customer_firsts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('paid_at', '>=', iso(span.start))
    .where('paid_at', '<', iso(span.end))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The KPIs of one span of time. */
export async function salesFigures(db: Db, span: TimeSpan): Promise<SalesFigures> {
  const [paid] = await sumPerSpan(db, [span], PAID, PAID_QUERIES)
  const [refunds] = await sumPerSpan(db, [span], REFUNDS, REFUND_QUERIES)
  const [checkouts] = await sumPerSpan(db, [span], CHECKOUTS, CHECKOUT_QUERIES)
  return {
    paidOrders: paid!.orders,
    revenue: paid!.revenue,
    discounts: paid!.discounts,
    newCustomers: await newCustomers(db, span),
    refunds: refunds!.amount,
    checkoutsStarted: checkouts!.started,
    checkoutsPaid: checkouts!.paid,
  }
}

/** Revenue (before refunds) and paid orders per bucket, every bucket present. */
export async function revenueSeries(db: Db, buckets: readonly Bucket[]) {
  const figures = await sumPerSpan(db, buckets, PAID, PAID_QUERIES)
  return buckets.map((b, i) => ({ bucket: b.key, revenue: figures[i]!.revenue, orders: figures[i]!.orders }))
}

/** `col` within one of `spans`; false when there are none. */
function withinAny(db: Db, column: RawBuilder<unknown>, spans: readonly EdgeSpan[]): RawBuilder<unknown> {
  if (spans.length === 0) return sql`1 = 0`
  const each = spans.map(
    (x) => sql`(${column} >= ${instant(db, x.span.start)} and ${column} < ${instant(db, x.span.end)})`,
  )
  return sql`(${sql.join(each, sql` or `)})`
}

/** Within one of the ranges of `column` (UTC days or months); false when there are none. */
function onRanges(db: Db, column: RawBuilder<unknown>, ranges: readonly DayRange[]): RawBuilder<unknown> {
  if (ranges.length === 0) return sql`1 = 0`
  const each = ranges.map((r) => sql`(${column} >= ${day(db, r.from)} and ${column} < ${day(db, r.to)})`)
  return sql`(${sql.join(each, sql` or `)})`
}

/** The ten products that brought in most on orders paid in the span (line totals after discounts). */
export async function topProducts(db: Db, span: TimeSpan) {
  // Summed per product over the month and day totals and the partial days' lines first, named after.
  const { months, days, edges } = splitByUtcMonths([span])
  const { rows } = await sql<{ productId: string; name: string; revenue: number; quantity: number }>`
    select s.product_id as "productId", pr.name as name, s.revenue as revenue, s.quantity as quantity from (
      select x.product_id as product_id, sum(x.revenue) as revenue, sum(x.quantity) as quantity from (
        select m.product_id as product_id, m.revenue as revenue, m.quantity as quantity
          from product_sales_months m where ${onRanges(db, sql.ref('m.month'), months)}
        union all
        select d.product_id, d.revenue, d.quantity
          from product_sales_days d where ${onRanges(db, sql.ref('d.day'), days)}
        union all
        select l.product_id, l.amount * l.quantity - l.discount, l.quantity
          from orders o join product_orders l on l.order_id = o.id where ${withinAny(db, sql.ref('o.paid_at'), edges)}
      ) x group by x.product_id having sum(x.quantity) > 0
      order by sum(x.revenue) desc, x.product_id limit 10
    ) s join products pr on pr.id = s.product_id
    order by s.revenue desc, s.product_id`.execute(db)
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue), quantity: Number(r.quantity) }))
}

/** Orders created in the span by their status now, every status listed. */
export async function ordersByStatus(db: Db, span: TimeSpan) {
  const { days, edges } = splitByUtcDays([span])
  const { rows } = await sql<{ status: string; count: number }>`
    select x.status as status, sum(x.n) as count from (
      select d.status as status, d.orders as n from order_status_days d where ${onRanges(db, sql.ref('d.day'), days)}
      union all
      select o.status, 1 from orders o where ${withinAny(db, sql.ref('o.createdAt'), edges)}
    ) x group by x.status`.execute(db)
  const counts = new Map(rows.map((r) => [r.status, Number(r.count)]))
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }))
}
