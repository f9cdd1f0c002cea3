import { type Insertable, type Kysely, sql } from 'kysely'
import type { DB, RefundsTable } from '../../../db/schema'

// Named queries of refunds: an order's refunds and how much of it is refunded, the refund row's
// life (asked, Paystack's id, processed or failed, each by a guarded update) and how a refund webhook
// finds its row.

export function orderRefunds(db: Kysely<DB>, orderId: string) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute()
}

/** Money returned or on its way back: processed and pending refunds. */
export async function refundedSoFar(db: Kysely<DB>, orderId: string, productId?: string): Promise<number> {
  let qb = db
    .selectFrom('refunds')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('sum'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'processed'])
  if (productId) qb = qb.where('product_id', '=', productId)
  const row = await qb.executeTakeFirst()
  return Number(row?.sum ?? 0)
}

export async function insertRefund(trx: Kysely<DB>, row: Insertable<RefundsTable>): Promise<void> {
  await trx.insertInto('refunds').values(row).execute()
}

export function findRefund(db: Kysely<DB>, id: string) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Paystack's id for our refund, unless a webhook wrote it first. */
export async function setPaystackRefundId(db: Kysely<DB>, id: string, paystackId: string, now: Date) {
  await db
    .updateTable('refunds')
    .set({ paystack_refund_id: paystackId, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .where('paystack_refund_id', 'is', null)
    .execute()
}

/**
 * A pending refund becomes processed or failed (with Paystack's id, when known). False when it was
 * no longer pending: someone else settled it first, and nothing is written.
 */
export async function settlePendingRefund(
  trx: Kysely<DB>,
  id: string,
  status: 'processed' | 'failed',
  now: Date,
  paystackId?: string | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('refunds')
    .set({
      status,
      ...(paystackId === undefined ? {} : { paystack_refund_id: paystackId }),
      updatedAt: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function findRefundByPaystackId(db: Kysely<DB>, paystackId: string) {
  return db.selectFrom('refunds').selectAll().where('paystack_refund_id', '=', paystackId).executeTakeFirst()
}

/**
 * The pending refund of the order with this reference and amount whose Paystack id is not written
 * yet (or is this one): a webhook can beat our own write of Paystack's refund id.
 */
export function findPendingRefundOf(
  db: Kysely<DB>,
  trxref: string,
  amount: number,
  paystackId: string | undefined,
) {
  return db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .selectAll('refunds')
    .where('orders.trxref', '=', trxref)
    .where('refunds.status', '=', 'pending')
    .where((eb) =>
      paystackId === undefined
        ? eb('refunds.paystack_refund_id', 'is', null)
        : eb.or([
            eb('refunds.paystack_refund_id', 'is', null),
            eb('refunds.paystack_refund_id', '=', paystackId),
          ]),
    )
    .where('refunds.amount', '=', amount)
    .executeTakeFirst()
}
