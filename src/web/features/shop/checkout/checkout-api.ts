import {
  type GuestCheckoutInput,
  type GuestVerifyResult,
  guestVerifyResultSchema,
} from '../../../../shared/contract/shop/guest-checkout'
import {
  type CheckoutInput,
  type CheckoutSession,
  checkoutSessionSchema,
  type VerifyResult,
  verifyResultSchema,
} from '../../../../shared/contract/shop/orders'
import { api } from '../../../lib/api'

// Checkout over HTTP. The browser sends product ids and quantities; the server answers with the
// transaction to open. Paid is never decided here: the callback asks the server to verify.

export function createCheckout(
  items: CheckoutInput['items'],
  discountCode?: string,
): Promise<CheckoutSession> {
  const body = discountCode ? { items, discount_code: discountCode } : { items }
  return api.post('/api/shop/checkout', body, { schema: checkoutSessionSchema })
}

export function resumeOrderPayment(orderId: string): Promise<CheckoutSession> {
  return api.post(`/api/shop/orders/${encodeURIComponent(orderId)}/pay`, undefined, {
    schema: checkoutSessionSchema,
  })
}

export function verifyPayment(reference: string): Promise<VerifyResult> {
  return api.post('/api/shop/orders/verify', { reference }, { schema: verifyResultSchema })
}

/** Buying without signing in: the address and the cart (the server prices it). */
export function createGuestCheckout(input: GuestCheckoutInput): Promise<CheckoutSession> {
  return api.post('/api/shop/guest-checkout', input, { schema: checkoutSessionSchema })
}

/** The page after a guest paid: only an order this browser paid for answers. */
export function verifyGuestPayment(reference: string): Promise<GuestVerifyResult> {
  return api.post('/api/shop/guest-orders/verify', { reference }, { schema: guestVerifyResultSchema })
}
