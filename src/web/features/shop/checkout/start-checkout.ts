import type { CheckoutInput, CheckoutSession } from '../../../../shared/contract/shop/orders'
import { createCheckout, createGuestCheckout, resumeOrderPayment } from './checkout-api'
import { callbackPath, type PaymentOutcome, paymentSeamFor } from './payment-seam'

// The contract with the cart: `startCheckout(items)` does the whole checkout. It asks the server to
// price the cart and make (or resume) the order's transaction, then opens the payment checkout —
// Paystack's inline popup, or the emulator's TEST MODE page — through the one seam. It resolves with
// what happened in the browser; whether the order is paid is decided by the server on the callback
// page (/shop/checkout/callback?reference=…). It rejects with an ApiError from the server (not signed
// in: 401; unverified: 403; products no longer for sale: 422 with `fieldErrors.items`; Paystack down:
// 503) or an Error from the popup.

export type CheckoutItems = CheckoutInput['items']

export interface CheckoutStarted {
  session: CheckoutSession
  outcome: PaymentOutcome
}

export async function startCheckout(items: CheckoutItems, discountCode?: string): Promise<CheckoutStarted> {
  const session = await createCheckout(items, discountCode)
  if (session.paid) {
    // A discount made the order free: it is paid already; the callback page shows it.
    window.location.assign(callbackPath(session))
    return { session, outcome: 'redirected' }
  }
  const outcome = await paymentSeamFor(session).open(session)
  return { session, outcome }
}

/** The guest's checkout: an e-mail address and the cart, then the same payment checkout. */
export async function startGuestCheckout(email: string, items: CheckoutItems): Promise<CheckoutStarted> {
  const session = await createGuestCheckout({ email, items })
  const outcome = await paymentSeamFor(session).open(session)
  return { session, outcome }
}

/** Pay again for an unpaid order: the same transaction, reopened. */
export async function payOrderAgain(orderId: string): Promise<CheckoutStarted> {
  const session = await resumeOrderPayment(orderId)
  const outcome = await paymentSeamFor(session).open(session)
  return { session, outcome }
}
