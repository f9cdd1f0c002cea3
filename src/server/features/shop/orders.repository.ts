import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { OrderListQuery } from '../../../shared/contract/orders'
import type { OrderStatus } from '../../../shared/enums'
import type { DB, OrderEventKind } from '../../db/schema'
import { newId } from '../../lib/ids'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'

// Named queries for orders, their lines, their payment row and their history.

export function findOrderByReference(db: Kysely<DB>, trxref: string) {
  return db.selectFrom('orders').selectAll().where('trxref', '=', trxref).executeTakeFirst()
}

export function findOrder(db: Kysely<DB>, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findPayment(db: Kysely<DB>, orderId: string) {
  return db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst()
}

/**
 * The order's lines: each product's name, type and link as they are now (a deleted product still
 * shows), and the file the line took when the order was paid (decision 0049).
 */
export function orderLines(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('product_orders as po')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .select([
      'po.product_id',
      'po.quantity',
      'po.amount',
      'p.name',
      'p.type',
      'p.product_url',
      'po.deliveryFileKey',
      'po.deliveryFileName',
      'po.deliveryFileType',
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
    .set({ status: to, updatedAt: stamp })
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

export function orderRefunds(db: Kysely<DB>, orderId: string) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute()
}

/** Money returned or on its way back: processed and pending refunds. */
export async function refundedSoFar(db: Kysely<DB>, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('sum'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'processed'])
    .executeTakeFirst()
  return Number(row?.sum ?? 0)
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
      'o.currency',
      'o.user_id',
      'o.createdAt',
      'o.updatedAt',
      'u.name as buyer_name',
      'u.email as buyer_email',
      (eb) =>
        eb
          .selectFrom('product_orders as po')
          .select(sql<number>`coalesce(sum(po.quantity), 0)`.as('n'))
          .whereRef('po.order_id', '=', 'o.id')
          .as('item_count'),
    ])
}
type From = ReturnType<typeof orders> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never
export type OrderRow = Awaited<ReturnType<ReturnType<typeof orders>['execute']>>[number]

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
