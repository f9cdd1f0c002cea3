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
