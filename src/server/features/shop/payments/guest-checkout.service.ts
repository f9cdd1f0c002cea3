import type { GuestCheckoutInput, GuestVerifyResult } from '../../../../shared/contract/shop/guest-checkout'
import type { CheckoutSession } from '../../../../shared/contract/shop/orders'
import { orderName } from '../../../../shared/order-name'
import type { AppDeps } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import { hitRateLimit } from '../../../lib/rate-limit/rate-limit'
import { signingKey, signToken, verifyToken } from '../../../lib/signed-token'
import { PAYABLE } from '../../../policies/shop/orders.policy'
import { accountForPurchase } from '../../accounts/sign-up/buyer-accounts.service'
import { findBuyer, findOrder, orderLines } from '../orders/orders.repository'
import { PaystackRefused, PaystackUnavailable } from '../paystack/paystack-gateway'
import { priceCart } from './cart-pricing'
import { checkoutFor } from './checkout.service'
import { verifyAndApply } from './payments.service'

// Buying without signing in (product.md §9, docs/decisions/0140): an e-mail address and the card.
// The order belongs to the account of that address (made pending when there is none, claimed from
// the receipt's link). The answer is the same whether the address had an account or not, and what
// this browser may see afterwards is only the orders it paid for itself: their ids travel in a
// signed cookie, never looked up by the address typed.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'paystack' | 'mailer'>

export const GUEST_ORDERS_COOKIE = 'depot_guest_orders'
/** How long this browser may look at the orders it paid for (the receipt's link works for a week). */
export const GUEST_ORDERS_MAX_AGE_SECONDS = 7 * 24 * 60 * 60
/** The newest orders the cookie remembers. */
const REMEMBERED = 10
// Like the other public forms: per client address, and per e-mail address typed (registered or not).
const LIMITS = [
  { scope: 'ip', limit: 30, windowMs: 60 * 60 * 1000 },
  { scope: 'email', limit: 10, windowMs: 60 * 60 * 1000 },
] as const

function cookieKey(deps: Pick<Deps, 'env'>) {
  if (!deps.env.authSecret) throw new Error('AUTH_SECRET is not set')
  return signingKey(deps.env.authSecret, 'guest-orders-v1')
}

/** The order ids a signed cookie names; nothing for a missing, tampered or foreign one. */
export function ordersInCookie(deps: Pick<Deps, 'env'>, value: string | undefined): string[] {
  const payload = verifyToken(cookieKey(deps), value)
  const ids = payload?.o
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/** The cookie's new value: this order first, then the ones it already named. */
export function cookieWithOrder(deps: Pick<Deps, 'env'>, known: readonly string[], orderId: string): string {
  const ids = [orderId, ...known.filter((id) => id !== orderId)].slice(0, REMEMBERED)
  return signToken(cookieKey(deps), { o: ids })
}

export async function startGuestCheckout(
  deps: Deps,
  input: GuestCheckoutInput,
  from: { ipAddress: string | undefined; known: readonly string[] },
): Promise<CheckoutSession> {
  const now = deps.clock()
  const email = input.email.trim().toLowerCase()
  for (const rule of LIMITS) {
    const key = `guest-checkout:${rule.scope}:${rule.scope === 'ip' ? (from.ipAddress ?? 'unknown') : email}`
    const result = await hitRateLimit(deps.database.db, {
      key,
      limit: rule.limit,
      windowMs: rule.windowMs,
      now,
    })
    if (!result.allowed)
      throw problems.rateLimited(result.retryAfterSeconds, 'Too many checkouts started. Try again later.')
  }
  // A cart that cannot be sold is refused before any account is made for the address.
  await priceCart(deps.database.db, input.items)
  const buyer = await accountForPurchase(deps, email)
  // Only an unpaid order this browser started may be resumed: never another one of the address's.
  return checkoutFor(deps, buyer, { items: input.items }, (id) => from.known.includes(id))
}

/**
 * The page after paying, for a guest: asks Paystack about an order this browser paid for and shows
 * it without downloads (those are behind signing in). Any other reference is "not found".
 */
export async function verifyForGuest(
  deps: Deps,
  reference: string,
  known: readonly string[],
): Promise<GuestVerifyResult> {
  const db = deps.database.db
  const found = await findOrderByReferenceIn(deps, reference, known)
  if (!found) throw problems.notFound('No such order.')
  let verified = true
  if (PAYABLE.includes(found.status)) {
    try {
      await verifyAndApply(deps, reference, 'verify')
    } catch (error) {
      if (error instanceof PaystackUnavailable) verified = false
      else if (!(error instanceof PaystackRefused)) throw error
    }
  }
  const order = (await findOrder(db, found.id)) ?? found
  const lines = await orderLines(db, order.id)
  const buyer = await findBuyer(db, order.user_id)
  return {
    verified,
    order: {
      id: order.id,
      trxref: order.trxref,
      name: lines.length > 0 ? orderName(lines) : order.trxref,
      status: order.status,
      total: Number(order.total),
      currency: order.currency,
      email: buyer.email,
      lines: lines.map((l) => ({
        product_id: l.product_id,
        name: l.name,
        type: l.type,
        quantity: l.quantity,
        amount: Number(l.amount),
        discount: Number(l.discount),
      })),
      createdAt: order.createdAt,
    },
  }
}

async function findOrderByReferenceIn(deps: Deps, reference: string, known: readonly string[]) {
  for (const id of known) {
    const order = await findOrder(deps.database.db, id)
    if (order?.trxref === reference) return order
  }
  return undefined
}
