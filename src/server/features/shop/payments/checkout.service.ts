import { randomBytes } from 'node:crypto'
import type { CheckoutInput, CheckoutSession } from '../../../../shared/contract/shop/orders'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { canCheckout } from '../../../policies/shop/orders.policy'
import { applyCode, reserveUse } from '../discounts/discount-checkout'
import { subtotalOf } from '../discounts/discount-pricing'
import { retakeDiscountUse } from '../discounts/discount-uses'
import {
  findBuyer,
  findOrderWithAccessCode,
  insertOrder,
  pricedLines,
  recentUnpaidOrders,
  recordOrderEvent,
  setAccessCode,
} from '../orders/orders.repository'
import { PaystackRefused, PaystackUnavailable } from '../paystack/paystack-gateway'
import { type PricedLine, priceCart } from './cart-pricing'
import { settleFreeOrder } from './payments.service'

// Checkout (product.md §3): the client names products and quantities, nothing else. The server prices
// every line from published, non-deleted products, snapshots each unit price, stores the total in the
// store currency with one server-made reference, and asks Paystack for an access code. Asking again
// for the same cart while its order is unpaid resumes that order's transaction instead of making a
// second one. A discount code is applied on the server (docs/decisions/0124): its use is reserved in the
// transaction that makes the order (0125), and an order it makes free is paid and fulfilled there and
// then, without Paystack.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'paystack' | 'mailer'>

export const CALLBACK_PATH = '/shop/checkout/callback'
/** An unpaid order with the same lines is resumed within this window; older ones are left to expire. */
const RESUME_WINDOW_MS = 60 * 60 * 1000

function newReference(): string {
  return `dep_${randomBytes(12).toString('base64url')}`
}

export async function startCheckout(
  deps: Deps,
  actor: Caller,
  input: CheckoutInput,
): Promise<CheckoutSession> {
  if (!canCheckout(actor)) {
    const who = actor as Caller
    throw who.kind === 'user' && !who.emailVerified
      ? problems.forbidden('Verify your e-mail address before buying.')
      : problems.forbidden()
  }
  const user = await findBuyer(deps.database.db, actor.id)
  return checkoutFor(deps, { id: actor.id, email: user.email }, input, () => true)
}

/**
 * The checkout of one buyer's cart: prices it, makes the order (or resumes an unpaid one with the
 * same lines that `mayResume` allows) and its Paystack transaction. The signed-in checkout resumes
 * any of the buyer's; a guest only one made in the same browser (docs/decisions/0140).
 */
export async function checkoutFor(
  deps: Deps,
  buyer: { id: string; email: string },
  input: CheckoutInput,
  mayResume: (orderId: string) => boolean,
): Promise<CheckoutSession> {
  const db = deps.database.db
  const now = deps.clock()
  const currency = deps.env.shopCurrency
  const priced = await priceCart(db, input.items)
  if (subtotalOf(priced) <= 0) throw problems.validation({ items: ['Free products need no checkout.'] })
  const applied = input.discount_code
    ? await applyCode(db, input.discount_code, priced, buyer.id, now, currency)
    : undefined
  const lines = applied?.lines ?? priced.map((l) => ({ ...l, discount: 0 }))
  const discount = applied?.discount ?? 0
  const total = subtotalOf(priced) - discount

  const resumable = await findResumable(deps, buyer.id, lines, total, applied?.codeId ?? null, now)
  if (resumable && mayResume(resumable.id))
    return session(deps, resumable, { total, currency, discount, paid: false })

  const order = { id: newId(now.getTime()), trxref: newReference(), total, currency, user_id: buyer.id }
  await db.transaction().execute(async (trx) => {
    if (applied) await reserveUse(trx, applied, buyer.id)
    const code = applied ? { codeId: applied.codeId, code: applied.code, total: discount } : null
    await insertOrder(trx, { ...order, userId: buyer.id, lines, discount: code }, now)
    await recordOrderEvent(
      trx,
      order.id,
      'status',
      'checkout',
      now,
      { total, currency, lines: lines.length, ...(code ? { discount_code: code.code, discount } : {}) },
      { to: 'pending', actorId: buyer.id },
    )
    if (total === 0) await settleFreeOrder(trx, deps.env, order, now)
  })
  if (total === 0) {
    deps.mailer.kick()
    return session(deps, { ...order, access_code: '' }, { total, currency, discount, paid: true })
  }
  const accessCode = await initialize(deps, {
    orderId: order.id,
    reference: order.trxref,
    email: buyer.email,
    total,
    currency,
  })
  return session(deps, { ...order, access_code: accessCode }, { total, currency, discount, paid: false })
}

/** Resumes the transaction of an unpaid order of the caller's (pressing Pay again). */
export async function resumeCheckout(deps: Deps, actor: Caller, orderId: string): Promise<CheckoutSession> {
  if (!canCheckout(actor)) throw problems.forbidden()
  const order = await findOrderWithAccessCode(deps.database.db, orderId)
  if (!order || order.user_id !== actor.id) throw problems.notFound('No such order.')
  if (!['pending', 'failed'].includes(order.status) || !order.access_code)
    throw problems.conflict(`This order is ${order.status}: it cannot be paid again.`, 'order_not_payable')
  // A declined checkout left long enough gave its code's use back: paying it now takes one again.
  await deps.database.db.transaction().execute((trx) => retakeDiscountUse(trx, order.id, actor.id))
  return session(
    deps,
    { ...order, access_code: order.access_code },
    {
      total: Number(order.total),
      currency: order.currency,
      discount: Number(order.discount_total),
      paid: false,
    },
  )
}

async function findResumable(
  deps: Deps,
  userId: string,
  lines: readonly (PricedLine & { discount: number })[],
  total: number,
  codeId: string | null,
  now: Date,
) {
  const db = deps.database.db
  const since = new Date(now.getTime() - RESUME_WINDOW_MS)
  const currency = deps.env.shopCurrency
  const candidates = await recentUnpaidOrders(db, { userId, total, currency, since }, 5)
  for (const candidate of candidates) {
    if (candidate.discount_code_id !== codeId) continue
    const theirs = await pricedLines(db, candidate.id)
    const same =
      theirs.length === lines.length &&
      theirs.every(
        (l, i) =>
          l.product_id === lines[i]?.product_id &&
          l.quantity === lines[i]?.quantity &&
          Number(l.amount) === lines[i]?.amount &&
          Number(l.discount) === lines[i]?.discount,
      )
    if (same && candidate.access_code) return { ...candidate, access_code: candidate.access_code }
  }
  return undefined
}

async function initialize(
  deps: Deps,
  input: { orderId: string; reference: string; email: string; total: number; currency: string },
): Promise<string> {
  try {
    const data = await deps.paystack.initialize({
      email: input.email,
      amount: input.total,
      currency: input.currency,
      reference: input.reference,
      callback_url: `${deps.env.authUrl.origin}${CALLBACK_PATH}`,
      metadata: { order_id: input.orderId },
    })
    await setAccessCode(deps.database.db, input.orderId, data.access_code, deps.clock())
    return data.access_code
  } catch (error) {
    // The order stays pending without an access code; reconciliation abandons it later.
    if (error instanceof PaystackUnavailable)
      throw problems.unavailable('The payment service is not answering. Try again in a minute.')
    if (error instanceof PaystackRefused)
      throw problems.badRequest(`The payment service refused: ${error.message}`)
    throw error
  }
}

function session(
  deps: Deps,
  order: { id: string; trxref: string; access_code: string },
  money: { total: number; currency: string; discount: number; paid: boolean },
): CheckoutSession {
  const callback = `${deps.env.authUrl.origin}${CALLBACK_PATH}?reference=${encodeURIComponent(order.trxref)}`
  return {
    order_id: order.id,
    reference: order.trxref,
    access_code: order.access_code,
    total: money.total,
    currency: money.currency,
    public_key: deps.paystack.publicKey,
    // A stand-in's transactions are unknown to Paystack's popup: the browser visits its own page.
    emulated: deps.paystack.standIn,
    // A free order has nothing to pay: the browser goes straight to the callback page, which shows it paid.
    checkout_url: money.paid ? callback : deps.paystack.checkoutUrl(order.access_code),
    callback_url: callback,
    paid: money.paid,
    discount: money.discount,
  }
}
