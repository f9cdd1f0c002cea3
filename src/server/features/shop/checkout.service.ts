import { randomBytes } from 'node:crypto'
import type { CheckoutInput, CheckoutSession } from '../../../shared/contract/orders'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { newId } from '../../lib/ids'
import { canCheckout } from '../../policies/orders.policy'
import {
  EMULATOR_MOUNT,
  initializeTransaction,
  PaystackRefused,
  PaystackUnavailable,
  paystackGateway,
} from './paystack-client'

// Checkout (product.md §3): the client names products and quantities, nothing else. The server prices
// every line from published, non-deleted products, snapshots each unit price, stores the total in the
// store currency with one server-made reference, and asks Paystack for an access code. Asking again
// for the same cart while its order is unpaid resumes that order's transaction instead of making a
// second one.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

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
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'price'])
    .where('id', 'in', [...wanted.keys()])
    .where('isPublished', '=', true)
    .where('deletedAt', 'is', null)
    .execute()
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

  const user = await db
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', actor.id)
    .executeTakeFirstOrThrow()
  const resumable = await findResumable(deps, actor.id, lines, total, currency, now)
  if (resumable) return session(deps, resumable.id, resumable.trxref, resumable.access_code, total, currency)

  const orderId = newId(now.getTime())
  const reference = newReference()
  const stamp = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        trxref: reference,
        status: 'pending',
        total,
        currency,
        user_id: actor.id,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute()
    await trx
      .insertInto('product_orders')
      .values(lines.map((l) => ({ ...l, order_id: orderId })))
      .execute()
    await trx
      .insertInto('order_payments')
      .values({
        order_id: orderId,
        access_code: null,
        verify_attempts: 0,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute()
    await trx
      .insertInto('order_events')
      .values({
        id: newId(now.getTime()),
        order_id: orderId,
        kind: 'status',
        from_status: null,
        to_status: 'pending',
        cause: 'checkout',
        details: JSON.stringify({ total, currency, lines: lines.length }),
        actor_id: actor.id,
        createdAt: stamp,
      })
      .execute()
  })
  const accessCode = await initialize(deps, { orderId, reference, email: user.email, total, currency })
  return session(deps, orderId, reference, accessCode, total, currency)
}

/** Resumes the transaction of an unpaid order of the caller's (pressing Pay again). */
export async function resumeCheckout(deps: Deps, actor: Caller, orderId: string): Promise<CheckoutSession> {
  if (!canCheckout(actor)) throw problems.forbidden()
  const order = await deps.database.db
    .selectFrom('orders')
    .innerJoin('order_payments as op', 'op.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.trxref',
      'orders.status',
      'orders.total',
      'orders.currency',
      'orders.user_id',
      'op.access_code',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
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
  const candidates = await db
    .selectFrom('orders')
    .innerJoin('order_payments as op', 'op.order_id', 'orders.id')
    .select(['orders.id', 'orders.trxref', 'op.access_code'])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', ['pending', 'failed'])
    .where('orders.total', '=', total)
    .where('orders.currency', '=', currency)
    .where('op.access_code', 'is not', null)
    .where('orders.createdAt', '>', new Date(now.getTime() - RESUME_WINDOW_MS).toISOString())
    .orderBy('orders.createdAt', 'desc')
    .limit(5)
    .execute()
  for (const candidate of candidates) {
    const theirs = await db
      .selectFrom('product_orders')
      .select(['product_id', 'quantity', 'amount'])
      .where('order_id', '=', candidate.id)
      .orderBy('product_id')
      .execute()
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
  const gateway = paystackGateway(deps.env)
  try {
    const { data } = await initializeTransaction(gateway, {
      email: input.email,
      amount: input.total,
      currency: input.currency,
      reference: input.reference,
      callback_url: `${deps.env.authUrl.origin}${CALLBACK_PATH}`,
      metadata: { order_id: input.orderId },
    })
    await deps.database.db
      .updateTable('order_payments')
      .set({ access_code: data.access_code, updatedAt: deps.clock().toISOString() })
      .where('order_id', '=', input.orderId)
      .execute()
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
  const gateway = paystackGateway(deps.env)
  const checkoutUrl = gateway.emulated
    ? `${deps.env.authUrl.origin}${EMULATOR_MOUNT}/checkout/${accessCode}`
    : `https://checkout.paystack.com/${accessCode}`
  return {
    order_id: orderId,
    reference,
    access_code: accessCode,
    total,
    currency,
    public_key: gateway.publicKey,
    emulated: gateway.emulated,
    checkout_url: checkoutUrl,
    callback_url: `${deps.env.authUrl.origin}${CALLBACK_PATH}?reference=${encodeURIComponent(reference)}`,
  }
}
