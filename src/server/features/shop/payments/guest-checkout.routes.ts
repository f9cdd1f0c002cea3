import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import {
  guestCheckoutInputSchema,
  guestVerifyResultSchema,
} from '../../../../shared/contract/shop/guest-checkout'
import { checkoutSessionSchema, verifyInputSchema } from '../../../../shared/contract/shop/orders'
import type { AppEnv } from '../../../deps'
import { clientAddress } from '../../../lib/http/client-address'
import { defineRoute } from '../../../lib/http/route'
import {
  cookieWithOrder,
  GUEST_ORDERS_COOKIE,
  GUEST_ORDERS_MAX_AGE_SECONDS,
  ordersInCookie,
  startGuestCheckout,
  verifyForGuest,
} from './guest-checkout.service'

// Buying without an account (docs/decisions/0140): the one-screen checkout, and the page after paying,
// which sees only the orders this browser paid for (their ids in a signed, HTTP-only cookie).

function knownOrders(c: Context<AppEnv>): string[] {
  return ordersInCookie(c.var.deps, getCookie(c, GUEST_ORDERS_COOKIE))
}

export const guestCheckoutRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/shop/guest-checkout',
    summary:
      'Checkout without signing in: an e-mail address and the cart. The order belongs to that address’s account (made if there is none); the answer is the same either way',
    tags: ['shop'],
    access: 'public',
    request: { body: guestCheckoutInputSchema },
    responses: {
      201: { description: 'What the browser needs to open the checkout', schema: checkoutSessionSchema },
      422: { description: 'A missing or invalid e-mail address, or products no longer for sale' },
      429: { description: 'Too many checkouts from this network or for this address' },
      503: { description: 'Paystack is not answering' },
    },
    handler: async (c, { body }) => {
      const deps = c.var.deps
      const known = knownOrders(c)
      const ipAddress = clientAddress(c, deps.env.trustProxy)
      const session = await startGuestCheckout(deps, body, { ipAddress, known })
      setCookie(c, GUEST_ORDERS_COOKIE, cookieWithOrder(deps, known, session.order_id), {
        path: '/api/shop',
        httpOnly: true,
        secure: deps.env.authUrl.protocol === 'https:',
        sameSite: 'Lax',
        maxAge: GUEST_ORDERS_MAX_AGE_SECONDS,
      })
      return c.json(session, 201)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/guest-orders/verify',
    summary:
      'The page after a guest paid: verifies with Paystack an order this browser paid for, and shows it without downloads',
    tags: ['shop'],
    access: 'public',
    request: { body: verifyInputSchema },
    responses: {
      200: {
        description: 'The order as it is now; verified=false when Paystack did not answer',
        schema: guestVerifyResultSchema,
      },
      404: { description: 'No order paid in this browser has this reference' },
    },
    handler: (c, { body }) => verifyForGuest(c.var.deps, body.reference, knownOrders(c)),
  }),
]
