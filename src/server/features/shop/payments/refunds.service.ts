import type { Kysely } from 'kysely'
import { orderName } from '../../../../shared/order-name'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { Env } from '../../../env'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { canRefund, refundRefusal } from '../../../policies/shop/orders.policy'
import { recordAudit } from '../../audit/audit.service'
import { enqueueMail, refundNotice } from '../../mail'
import { brandOf } from '../../site/brand'
import { issueCreditNote } from '../invoices/invoices.issue'
import { lockOrderProducts, orderProductIds, releaseDeliveryFiles } from '../orders/delivery-files.repository'
import { notifyOrderUpdated, ORDER_PAGE } from '../orders/orders.fulfilment'
import {
  findBuyer,
  findOrder,
  moveOrder,
  orderLines,
  pricedLines,
  recordOrderEvent,
} from '../orders/orders.repository'
import { PaystackRefused, PaystackUnavailable } from '../paystack/paystack-gateway'
import { PAYSTACK_ACTOR } from './payments.service'
import {
  findPendingRefundOf,
  findRefund,
  findRefundByPaystackId,
  insertRefund,
  refundedSoFar,
  setPaystackRefundId,
  settlePendingRefund,
} from './refunds.repository'

// Refunds (product.md §3; AccessShop staff and admins) through Paystack's refund API and its refund
// webhooks: paid → refund_pending → refunded (everything returned) or back to paid (a partial refund,
// or a failed one, with an alert). One refund at a time per order; over-refunding is refused
// (docs/decisions/0032).

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'mailer' | 'paystack'>

export async function requestRefund(
  deps: Deps,
  by: Caller,
  orderId: string,
  input: { amount?: number | undefined; reason?: string | undefined; product_id?: string | undefined },
): Promise<{ refundId: string }> {
  if (!canRefund(by)) throw problems.forbidden()
  const db = deps.database.db
  const now = deps.clock()
  const refundId = newId(now.getTime())
  const order = await db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, orderId)
    if (!order) throw problems.notFound('No such order.')
    const refunded = await refundedSoFar(trx, order.id)
    const lineLeft = input.product_id ? await lineRefundable(trx, order.id, input.product_id) : undefined
    const amount =
      input.amount ?? Math.min(Number(order.total) - refunded, lineLeft ?? Number.MAX_SAFE_INTEGER)
    const refusal =
      refundRefusal({ status: order.status, total: Number(order.total) }, refunded, amount) ??
      (lineLeft !== undefined && amount > lineLeft
        ? `That is more than was paid for this line and not yet refunded (${lineLeft}).`
        : undefined)
    if (refusal) {
      if (order.status !== 'paid') throw problems.conflict(refusal, 'order_not_refundable')
      throw problems.validation({ amount: [refusal] }, refusal)
    }
    const stamp = now.toISOString()
    if (
      !(await moveOrder(
        trx,
        order,
        'paid',
        'refund_pending',
        'refund:requested',
        now,
        { amount, reason: input.reason ?? null },
        by.id,
      ))
    )
      throw problems.conflict('The order changed meanwhile; reload it.', 'order_changed')
    await insertRefund(trx, {
      id: refundId,
      order_id: order.id,
      paystack_refund_id: null,
      amount,
      currency: order.currency,
      status: 'pending',
      reason: input.reason ?? null,
      product_id: input.product_id ?? null,
      requested_by: by.id,
      createdAt: stamp,
      updatedAt: stamp,
    })
    await recordAudit(
      trx,
      {
        action: 'order.refund_requested',
        actor: { id: by.id, email: by.email },
        from: by.from,
        details: { order_id: order.id, amount },
      },
      now,
    )
    return { ...order, amount }
  })

  try {
    const data = await deps.paystack.refund({
      transaction: order.trxref,
      amount: order.amount,
      currency: order.currency,
      merchant_note: input.reason,
    })
    await setPaystackRefundId(db, refundId, String(data.id), deps.clock())
    return { refundId }
  } catch (error) {
    if (!(error instanceof PaystackRefused || error instanceof PaystackUnavailable)) throw error
    await refundFailed(
      deps,
      refundId,
      `refund:${error instanceof PaystackRefused ? 'refused' : 'unavailable'}`,
      {
        message: error.message,
      },
    )
    if (error instanceof PaystackUnavailable)
      throw problems.unavailable('Paystack is not answering; nothing was refunded. Try again later.')
    throw problems.conflict(`Paystack refused the refund: ${error.message}`, 'refund_refused')
  }
}

/**
 * What may still be refunded on one line: what was paid for it (its units less its discount), less the
 * refunds asked for that line (docs/decisions/0124).
 */
async function lineRefundable(trx: Kysely<DB>, orderId: string, productId: string): Promise<number> {
  const line = (await pricedLines(trx, orderId)).find((l) => l.product_id === productId)
  if (!line) throw problems.validation({ product_id: ['This order has no line for this product.'] })
  const paid = Number(line.amount) * line.quantity - Number(line.discount)
  return paid - (await refundedSoFar(trx, orderId, productId))
}

/** A refund that will not happen: the refund row fails, the order goes back to paid, staff are alerted. */
async function refundFailed(deps: Deps, refundId: string, cause: string, details: Record<string, unknown>) {
  const now = deps.clock()
  const changed = await deps.database.db.transaction().execute(async (trx) => {
    const refund = await findRefund(trx, refundId)
    if (!refund) return false
    if (!(await settlePendingRefund(trx, refundId, 'failed', now))) return false
    const order = await findOrder(trx, refund.order_id)
    if (!order) return false
    await recordOrderEvent(trx, order.id, 'refund', cause, now, {
      refund_id: refundId,
      amount: Number(refund.amount),
      ...details,
    })
    await moveOrder(trx, order, 'refund_pending', 'paid', cause, now, { refund_id: refundId })
    await recordOrderEvent(trx, order.id, 'alert', cause, now, {
      why: 'refund failed',
      amount: Number(refund.amount),
    })
    await notifyOrderUpdated(trx, order, PAYSTACK_ACTOR, 'refund failed', now, Number(refund.amount))
    return true
  })
  if (changed) deps.mailer.kick()
}

interface RefundEvent {
  id?: number | string
  status?: string
  transaction_reference?: string
  amount?: number
}

/** refund.pending / processing / processed / failed webhooks. Idempotent: a replay changes nothing. */
export async function applyRefundEvent(deps: Deps, event: string, data: RefundEvent): Promise<void> {
  const db = deps.database.db
  const paystackId = data.id === undefined ? undefined : String(data.id)
  let refund = paystackId ? await findRefundByPaystackId(db, paystackId) : undefined
  if (!refund && data.transaction_reference) {
    // The webhook can beat our own write of Paystack's refund id: match the pending refund by order.
    // That write may land between the two look-ups, so the id written meanwhile matches too.
    refund = await findPendingRefundOf(db, data.transaction_reference, Number(data.amount ?? -1), paystackId)
  }
  if (!refund) return
  if (event === 'refund.failed')
    return refundFailed(deps, refund.id, 'webhook:refund.failed', { paystack_refund_id: paystackId })
  if (event !== 'refund.processed') return
  const now = deps.clock()
  const pendingRefund = refund
  const changed = await db.transaction().execute(async (trx) => {
    const paystackRefundId = pendingRefund.paystack_refund_id ?? paystackId ?? null
    if (!(await settlePendingRefund(trx, pendingRefund.id, 'processed', now, paystackRefundId))) return false
    const order = await findOrder(trx, pendingRefund.order_id)
    if (!order) return false
    const refunded = await refundedSoFar(trx, order.id)
    const to = refunded >= Number(order.total) ? 'refunded' : 'paid'
    if (to === 'refunded') await lockOrderProducts(trx, order.id)
    await recordOrderEvent(trx, order.id, 'refund', 'webhook:refund.processed', now, {
      refund_id: pendingRefund.id,
      amount: Number(pendingRefund.amount),
      refunded_total: refunded,
    })
    await moveOrder(trx, order, 'refund_pending', to, 'webhook:refund.processed', now, {
      refunded_total: refunded,
    })
    // A refunded order lets go of its files; the last holder of a version sends it for deletion (0092).
    if (to === 'refunded') await releaseDeliveryFiles(trx, await orderProductIds(trx, order.id), now)
    // Money given back is credited against the invoice (docs/decisions/0126); the notice carries it.
    const note = await issueCreditNote(
      trx,
      deps.env,
      { ...pendingRefund, amount: Number(pendingRefund.amount) },
      now,
    )
    await sendRefundNotice(trx, deps.env, order, Number(pendingRefund.amount), refunded, now, note)
    await notifyOrderUpdated(
      trx,
      order,
      PAYSTACK_ACTOR,
      to === 'refunded' ? 'refunded' : 'partly refunded',
      now,
      Number(pendingRefund.amount),
    )
    return true
  })
  if (changed) deps.mailer.kick()
}

/** The buyer's refund notice (product.md §7), queued in the transaction that settles the refund. */
async function sendRefundNotice(
  trx: Kysely<DB>,
  env: Env,
  order: { id: string; trxref: string; total: number; currency: string; user_id: string },
  amount: number,
  refundedTotal: number,
  now: Date,
  creditNote?: { id: string; number: string },
): Promise<void> {
  const buyer = await findBuyer(trx, order.user_id)
  const brand = await brandOf(trx, env)
  const mail = refundNotice(brand, {
    firstName: buyer.first_name,
    orderName: orderName(await orderLines(trx, order.id)),
    reference: order.trxref,
    amount,
    refundedTotal,
    total: Number(order.total),
    currency: order.currency,
    orderUrl: `${brand.baseUrl}${ORDER_PAGE(order.id)}`,
  })
  const attachments = creditNote
    ? [{ kind: 'credit_note', id: creditNote.id, filename: `${creditNote.number}.pdf` }]
    : []
  await enqueueMail(trx, { ...mail, to: buyer.email, attachments }, now)
}
