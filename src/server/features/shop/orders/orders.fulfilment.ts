import type { Kysely } from 'kysely'
import { MAIL_LINK_TTL_MS } from '../../../../shared/download-links'
import { orderName } from '../../../../shared/order-name'
import type { DB } from '../../../db/schema'
import type { Env } from '../../../env'
import { claimLinkFor } from '../../accounts/sign-up/buyer-accounts.service'
import { enqueueMail, orderReceipt } from '../../mail'
import { type NotificationInput, notify } from '../../notifications/notify'
import { brandOf } from '../../site/brand'
import { deliverablesOf } from './orders.downloads'
import { findBuyer, orderDiscount, orderLines } from './orders.repository'

// Fulfilment: the receipt e-mail and the `ordered` notification. Called only inside the transaction
// whose guarded update moved the order into `paid` from an unpaid status, so it runs exactly once per
// order however many callbacks, webhooks and reconciliation runs report the same payment.

export const ORDER_PAGE = (id: string) => `/account/orders/${id}`

export async function fulfil(
  trx: Kysely<DB>,
  env: Env,
  order: { id: string; trxref: string; total: number; currency: string; user_id: string },
  now: Date,
  invoice?: { id: string; number: string },
): Promise<void> {
  const discount = await orderDiscount(trx, order.id)
  const buyer = await findBuyer(trx, order.user_id)
  const lines = await orderLines(trx, order.id)
  const brand = await brandOf(trx, env)
  const name = orderName(lines)
  // A buyer whose address is not confirmed (a guest's purchase) claims the account from the receipt.
  const claimUrl = await claimLinkFor(
    trx,
    buyer,
    { baseUrl: brand.baseUrl, returnPath: ORDER_PAGE(order.id) },
    now,
  )
  const mail = orderReceipt(brand, {
    firstName: buyer.first_name,
    orderName: name,
    reference: order.trxref,
    businessName: businessNameOf(buyer),
    lines: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      amount: Number(l.amount),
      discount: Number(l.discount),
    })),
    discount,
    total: Number(order.total),
    currency: order.currency,
    deliverables: deliverablesOf(env, order.id, lines, now, MAIL_LINK_TTL_MS),
    orderUrl: `${brand.baseUrl}${ORDER_PAGE(order.id)}`,
    claimUrl,
  })
  // The invoice's PDF is made when the receipt is sent, from the invoice as issued.
  const attachments = invoice ? [{ kind: 'invoice', id: invoice.id, filename: `${invoice.number}.pdf` }] : []
  await enqueueMail(trx, { ...mail, to: buyer.email, attachments }, now)
  // In the payment's transaction. The buyer acted; admins and AccessShop see it.
  await notify(
    trx,
    {
      type: 'order',
      action: 'ordered',
      actor: { id: buyer.id, name: buyer.name },
      mainItem: name,
      subItem: lines.length === 1 ? (lines[0]?.name ?? null) : `${lines.length} products`,
      audience: { forAll: true },
      refs: { order_id: order.id },
    },
    now,
  )
}

/** The business a corporate buyer bought for, as their receipt names it; null for an individual. */
export function businessNameOf(buyer: { account_type: string; business_name: string | null }): string | null {
  if (buyer.account_type !== 'corporate') return null
  return buyer.business_name?.trim() || null
}

/**
 * An `updated` order notification: for the buyer (named, so it reads "Your order … was refunded
 * ₦1,500.50"), admins and AccessShop (product.md §5). `what` says what happened ("refunded", "partly
 * refunded", "refund failed", "needs review: …"); `amount` the money it is about, if any.
 */
export async function notifyOrderUpdated(
  trx: Kysely<DB>,
  order: { id: string; trxref: string; user_id: string; currency: string },
  actor: { id: string | null; name: string },
  what: string,
  now: Date,
  amount?: number,
): Promise<void> {
  await notifyOrder(trx, order.id, actor, now, {
    subItem: what,
    ...(amount === undefined ? {} : { amount: { value: amount, currency: order.currency } }),
    audience: { forAll: true, alsoUsers: [order.user_id] },
  })
}

/** Staff sent a product's new file to past buyers: the buyer hears of it, on their order. */
export async function notifyNewFile(
  trx: Kysely<DB>,
  order: { id: string; trxref: string; user_id: string },
  actor: { id: string | null; name: string },
  productName: string,
  now: Date,
): Promise<void> {
  await notifyOrder(trx, order.id, actor, now, {
    subItem: `new version of ${productName}`,
    audience: { forUsers: [order.user_id] },
  })
}

/** An order `updated` entry, named after the order's products. */
async function notifyOrder(
  trx: Kysely<DB>,
  orderId: string,
  actor: { id: string | null; name: string },
  now: Date,
  entry: Pick<NotificationInput, 'subItem' | 'amount' | 'audience'>,
): Promise<void> {
  await notify(
    trx,
    {
      type: 'order',
      action: 'updated',
      actor,
      mainItem: orderName(await orderLines(trx, orderId)),
      ...entry,
      refs: { order_id: orderId },
    },
    now,
  )
}
