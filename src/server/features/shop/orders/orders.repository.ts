import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql, type Updateable } from 'kysely'
import type { OrderListQuery } from '../../../../shared/contract/shop/orders'
import type { OrderStatus } from '../../../../shared/enums'
import type { DB, OrderEventKind, OrderPaymentsTable } from '../../../db/schema'
import { newId } from '../../../lib/ids'
import type { ListColumns } from '../../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../../lib/list-query/date-range'

// Named queries for orders, their lines, their payment row and their history.

export function findOrderByReference(db: Kysely<DB>, trxref: string) {
  return db.selectFrom('orders').selectAll().where('trxref', '=', trxref).executeTakeFirst()
}

/**
 * The order with this reference, locked for the rest of the transaction on PostgreSQL (SQLite
 * transactions are serial already): one payment report per order at a time, so the loser of a race
 * reads the winner's status.
 */
export function lockOrderByReference(trx: Kysely<DB>, trxref: string) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return findOrderByReference(trx, trxref)
  return trx.selectFrom('orders').selectAll().where('trxref', '=', trxref).forUpdate().executeTakeFirst()
}

/** Who an order's receipt and notices go to. */
export function findBuyer(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'name', 'account_type', 'business_name', 'emailVerified'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

export interface NewOrder {
  id: string
  trxref: string
  total: number
  currency: string
  userId: string
  lines: readonly { product_id: string; quantity: number; amount: number; discount: number }[]
  /** The code applied (docs/decisions/0124): its use is reserved with the order. */
  discount: { codeId: string; code: string; total: number } | null
}

/** A new pending order: its row, its lines and its payment row (without an access code yet). */
export async function insertOrder(trx: Kysely<DB>, order: NewOrder, now: Date): Promise<void> {
  const stamp = now.toISOString()
  await trx
    .insertInto('orders')
    .values({
      id: order.id,
      trxref: order.trxref,
      status: 'pending',
      total: order.total,
      currency: order.currency,
      user_id: order.userId,
      createdAt: stamp,
      updatedAt: stamp,
      discount_code_id: order.discount?.codeId ?? null,
      discount_code: order.discount?.code ?? null,
      discount_total: order.discount?.total ?? 0,
      discount_use: order.discount ? 'reserved' : null,
    })
    .execute()
  await trx
    .insertInto('product_orders')
    .values(order.lines.map((l) => ({ ...l, order_id: order.id })))
    .execute()
  await trx
    .insertInto('order_payments')
    .values({ order_id: order.id, access_code: null, verify_attempts: 0, createdAt: stamp, updatedAt: stamp })
    .execute()
}

/** An order with the access code of its transaction, for paying it again. */
export function findOrderWithAccessCode(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_payments as op', 'op.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.trxref',
      'orders.status',
      'orders.total',
      'orders.currency',
      'orders.user_id',
      'orders.discount_total',
      'op.access_code',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
}

/** A buyer's unpaid orders with a transaction, for this total, made since `since`: newest first. */
export function recentUnpaidOrders(
  db: Kysely<DB>,
  where: { userId: string; total: number; currency: string; since: Date },
  limit: number,
) {
  return db
    .selectFrom('orders')
    .innerJoin('order_payments as op', 'op.order_id', 'orders.id')
    .select(['orders.id', 'orders.trxref', 'orders.discount_code_id', 'op.access_code'])
    .where('orders.user_id', '=', where.userId)
    .where('orders.status', 'in', ['pending', 'failed'])
    .where('orders.total', '=', where.total)
    .where('orders.currency', '=', where.currency)
    .where('op.access_code', 'is not', null)
    .where('orders.createdAt', '>', where.since.toISOString())
    .orderBy('orders.createdAt', 'desc')
    .limit(limit)
    .execute()
}

/** An order's lines as priced at checkout, by product id. */
export function pricedLines(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('product_orders')
    .select(['product_id', 'quantity', 'amount', 'discount'])
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .execute()
}

export async function setAccessCode(db: Kysely<DB>, orderId: string, accessCode: string, now: Date) {
  await db
    .updateTable('order_payments')
    .set({ access_code: accessCode, updatedAt: now.toISOString() })
    .where('order_id', '=', orderId)
    .execute()
}

/** Counts one more verify of the order with this reference, and notes when it was. */
export async function countVerifyAttempt(db: Kysely<DB>, trxref: string, now: Date): Promise<void> {
  await db
    .updateTable('order_payments')
    .set({ verify_attempts: sql`verify_attempts + 1`, last_verified_at: now.toISOString() })
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('trxref', '=', trxref))
    .execute()
}

export type PaymentReportValues = Pick<
  Updateable<OrderPaymentsTable>,
  'paystack_id' | 'paystack_status' | 'paid_amount' | 'paid_currency' | 'paid_at'
>

/** What Paystack last said of the order's transaction, on its payment row (made if missing). */
export async function savePaymentReport(
  trx: Kysely<DB>,
  orderId: string,
  values: PaymentReportValues,
  now: Date,
  rowExists: boolean,
): Promise<void> {
  const stamp = now.toISOString()
  if (rowExists) {
    await trx
      .updateTable('order_payments')
      .set({ ...values, updatedAt: stamp })
      .where('order_id', '=', orderId)
      .execute()
    return
  }
  await trx
    .insertInto('order_payments')
    .values({
      order_id: orderId,
      access_code: null,
      verify_attempts: 0,
      last_verified_at: null,
      createdAt: stamp,
      ...values,
      updatedAt: stamp,
    })
    .execute()
}

/** The discount code an order used and what it took off; null without one. */
export async function orderDiscount(db: Kysely<DB>, orderId: string) {
  const row = await db
    .selectFrom('orders')
    .select(['discount_code', 'discount_total'])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!row?.discount_code) return null
  return { code: row.discount_code, amount: Number(row.discount_total) }
}

export function findOrder(db: Kysely<DB>, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findPayment(db: Kysely<DB>, orderId: string) {
  return db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst()
}

/**
 * The order's lines: each product's name, type and link as they are now (a deleted product still
 * shows), and the deliverable version the line took when the order was paid (decisions 0049, 0092):
 * its blob and media type, under the file's name at purchase.
 */
export function orderLines(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('product_orders as po')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .leftJoin('file_versions as v', 'v.id', 'po.deliveryVersionId')
    .select([
      'po.product_id',
      'po.quantity',
      'po.amount',
      'po.discount',
      'p.name',
      'p.type',
      'p.product_url',
      'po.deliveryVersionId',
      'v.path as deliveryPath',
      'v.mimetype as deliveryType',
      'v.sha256 as deliverySha256',
      'po.deliveryFileName',
    ])
    .where('po.order_id', '=', orderId)
    .orderBy('p.name')
    .execute()
}
export type OrderLineRow = Awaited<ReturnType<typeof orderLines>>[number]

/**
 * The one way an order's status changes: from exactly `from` to `to`, recorded with its time and
 * cause. Returns false when the order was no longer in `from` (someone else moved it first), and then
 * nothing is written.
 */
export async function moveOrder(
  db: Kysely<DB>,
  order: { id: string },
  from: OrderStatus,
  to: OrderStatus,
  cause: string,
  now: Date,
  details: Record<string, unknown> = {},
  actorId: string | null = null,
): Promise<boolean> {
  const stamp = now.toISOString()
  const result = await db
    .updateTable('orders')
    .set((eb) => ({
      status: to,
      updatedAt: stamp,
      // The first move into paid dates the sale (the dashboard counts it then); later ones keep it.
      ...(to === 'paid' ? { paid_at: eb.fn.coalesce('paid_at', eb.val(stamp)) } : {}),
    }))
    .where('id', '=', order.id)
    .where('status', '=', from)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) return false
  await recordOrderEvent(db, order.id, 'status', cause, now, details, { from, to, actorId })
  return true
}

export async function recordOrderEvent(
  db: Kysely<DB>,
  orderId: string,
  kind: OrderEventKind,
  cause: string,
  now: Date,
  details: Record<string, unknown> = {},
  extra: { from?: OrderStatus; to?: OrderStatus; actorId?: string | null } = {},
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      id: newId(now.getTime()),
      order_id: orderId,
      kind,
      from_status: extra.from ?? null,
      to_status: extra.to ?? null,
      cause,
      details: JSON.stringify(details),
      actor_id: extra.actorId ?? null,
      createdAt: now.toISOString(),
    })
    .execute()
}

export function orderEvents(db: Kysely<DB>, orderId: string) {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute()
}

function orders(db: Kysely<DB>) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.trxref',
      'o.status',
      'o.total',
      'o.discount_code',
      'o.discount_total',
      'o.currency',
      'o.user_id',
      'o.createdAt',
      'o.updatedAt',
      'u.name as buyer_name',
      'u.email as buyer_email',
      'u.account_type as buyer_account_type',
      'u.business_name as buyer_business_name',
    ])
}
type From = ReturnType<typeof orders> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never
export type OrderRow = Awaited<ReturnType<ReturnType<typeof filteredOrders>['execute']>>[number]
export type ExportedOrderRow = Awaited<ReturnType<ReturnType<typeof ordersToExport>['execute']>>[number]

export const ORDER_LIST_COLUMNS: ListColumns<From[0], From[1], OrderListQuery['sort']> = {
  searchColumns: ['o.trxref', 'u.name', 'u.email'],
  sortColumns: { createdAt: 'o.createdAt', total: 'o.total', status: 'o.status', trxref: 'o.trxref' },
  idColumn: 'o.id',
}

/**
 * The orders matching the staff table's filters (or one buyer's), not yet searched or paged. The
 * `buyer` filter is for staff; the buyer's own list passes `buyerId` instead.
 */
export function filteredOrders(db: Kysely<DB>, query: Partial<OrderListQuery>, buyerId?: string) {
  return ordersToExport(db, query, buyerId).select((eb) =>
    eb
      .selectFrom('product_orders as po')
      .select(sql<number>`coalesce(sum(po.quantity), 0)`.as('n'))
      .whereRef('po.order_id', '=', 'o.id')
      .as('item_count'),
  )
}

/**
 * filteredOrders() without each order's item count, for the CSV export, which reads every order's
 * lines anyway (lineNamesOf) and adds the count up from them: a subquery per order less.
 */
export function ordersToExport(db: Kysely<DB>, query: Partial<OrderListQuery>, buyerId?: string) {
  let qb = orders(db)
  if (buyerId) qb = qb.where('o.user_id', '=', buyerId)
  else if (query.buyer) qb = qb.where('o.user_id', '=', query.buyer)
  if (query.status) qb = qb.where('o.status', '=', query.status)
  if (query.from || query.to)
    qb = qb.where(dateRangeFilter('o.createdAt', { from: query.from, to: query.to }))
  return qb
}

/** The product lines of many orders at once, by order id, each order's lines by product name. */
export async function lineNamesOf(
  db: Kysely<DB>,
  orderIds: readonly string[],
): Promise<Map<string, { name: string; quantity: number }[]>> {
  const byOrder = new Map<string, { name: string; quantity: number }[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db
    .selectFrom('product_orders as po')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .select(['po.order_id', 'p.name', 'po.quantity'])
    .where('po.order_id', 'in', [...orderIds])
    .orderBy('po.order_id')
    .orderBy('p.name')
    .execute()
  for (const row of rows) {
    const lines = byOrder.get(row.order_id) ?? []
    lines.push({ name: row.name, quantity: Number(row.quantity) })
    byOrder.set(row.order_id, lines)
  }
  return byOrder
}

/** Pending orders created before `before`, oldest first: the reconciliation job's work. */
export function stalePendingOrders(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('createdAt', '<', before.toISOString())
    .orderBy('createdAt')
    .limit(limit)
    .execute()
}
