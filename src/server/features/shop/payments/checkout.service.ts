import { randomBytes } from 'node:crypto'
import type { CheckoutInput, CheckoutSession } from '../../../../shared/contract/shop/orders'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { canCheckout } from '../../../policies/shop/orders.policy'
import { productsForSale } from '../catalogue/products.repository'
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

// Checkout (product.md §3): the client names products and quantities, nothing else. The server prices
// every line from published, non-deleted products, snapshots each unit price, stores the total in the
// store currency with one server-made reference, and asks Paystack for an access code. Asking again
// for the same cart while its order is unpaid resumes that order's transaction instead of making a
// second one.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'paystack'>

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
  const db = deps.database.db
  const now = deps.clock()
  // The same product twice in one request is one line with the quantities added.
  const wanted = new Map<string, number>()
  for (const item of input.items)
    wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity)
  const products = await productsForSale(db, [...wanted.keys()])
  const missing = [...wanted.keys()].filter((id) => !products.some((p) => p.id === id))
  if (missing.length > 0) {
    throw problems.validation(
      { items: ['Some products are no longer for sale: remove them from the cart.'] },
      'Some products in the cart are no longer for sale.',
    )
  }
  const lines = products
    .map((p) => ({ product_id: p.id, quantity: wanted.get(p.id) ?? 1, amount: Number(p.price) }))
    .sort((a, b) => a.product_id.localeCompare(b.product_id))
  const total = lines.reduce((sum, l) => sum + l.amount * l.quantity, 0)
  if (total <= 0) throw problems.validation({ items: ['Free products need no checkout.'] })
  const currency = deps.env.shopCurrency

  const user = await findBuyer(db, actor.id)
  const resumable = await findResumable(deps, actor.id, lines, total, currency, now)
  if (resumable) return session(deps, resumable.id, resumable.trxref, resumable.access_code, total, currency)

  const orderId = newId(now.getTime())
  const reference = newReference()
  await db.transaction().execute(async (trx) => {
    await insertOrder(trx, { id: orderId, trxref: reference, total, currency, userId: actor.id, lines }, now)
    await recordOrderEvent(
      trx,
      orderId,
      'status',
      'checkout',
      now,
      { total, currency, lines: lines.length },
      { to: 'pending', actorId: actor.id },
    )
  })
  const accessCode = await initialize(deps, { orderId, reference, email: user.email, total, currency })
  return session(deps, orderId, reference, accessCode, total, currency)
}

/** Resumes the transaction of an unpaid order of the caller's (pressing Pay again). */
export async function resumeCheckout(deps: Deps, actor: Caller, orderId: string): Promise<CheckoutSession> {
  if (!canCheckout(actor)) throw problems.forbidden()
  const order = await findOrderWithAccessCode(deps.database.db, orderId)
  if (!order || order.user_id !== actor.id) throw problems.notFound('No such order.')
  if (!['pending', 'failed'].includes(order.status) || !order.access_code)
    throw problems.conflict(`This order is ${order.status}: it cannot be paid again.`, 'order_not_payable')
  return session(deps, order.id, order.trxref, order.access_code, Number(order.total), order.currency)
}

async function findResumable(
  deps: Deps,
  userId: string,
  lines: { product_id: string; quantity: number; amount: number }[],
  total: number,
  currency: string,
  now: Date,
) {
  const db = deps.database.db
  const since = new Date(now.getTime() - RESUME_WINDOW_MS)
  const candidates = await recentUnpaidOrders(db, { userId, total, currency, since }, 5)
  for (const candidate of candidates) {
    const theirs = await pricedLines(db, candidate.id)
    const same =
      theirs.length === lines.length &&
      theirs.every(
        (l, i) =>
          l.product_id === lines[i]?.product_id &&
          l.quantity === lines[i]?.quantity &&
          Number(l.amount) === lines[i]?.amount,
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
  orderId: string,
  reference: string,
  accessCode: string,
  total: number,
  currency: string,
): CheckoutSession {
  return {
    order_id: orderId,
    reference,
    access_code: accessCode,
    total,
    currency,
    public_key: deps.paystack.publicKey,
    // A stand-in's transactions are unknown to Paystack's popup: the browser visits its own page.
    emulated: deps.paystack.standIn,
    checkout_url: deps.paystack.checkoutUrl(accessCode),
    callback_url: `${deps.env.authUrl.origin}${CALLBACK_PATH}?reference=${encodeURIComponent(reference)}`,
  }
}
