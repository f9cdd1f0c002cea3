import type { CheckoutSession } from '../../../../shared/contract/shop/orders'

// The one seam between Depot and a payment checkout. With Paystack keys it opens Paystack's inline
// popup on the server's transaction (`resumeTransaction(accessCode)`); on a stand-in (the emulator,
// built in or standalone) it opens the stand-in's TEST MODE page, which comes back to the same callback. Either way the browser
// only learns "the buyer finished": the callback page then asks the server to verify.

export type PaymentOutcome = 'completed' | 'cancelled' | 'redirected'

export interface PaymentSeam {
  open(session: CheckoutSession): Promise<PaymentOutcome>
}

/** Where the buyer lands after paying: the callback page, which asks the server to verify. */
export function callbackPath(session: Pick<CheckoutSession, 'reference'>): string {
  return `/shop/checkout/callback?reference=${encodeURIComponent(session.reference)}`
}

const emulatorSeam: PaymentSeam = {
  open(session) {
    // A full-page visit: the emulator's page redirects back to the callback when done.
    window.location.assign(session.checkout_url)
    return Promise.resolve('redirected')
  },
}

const paystackSeam: PaymentSeam = {
  async open(session) {
    const { default: PaystackPop } = await import('@paystack/inline-js')
    return new Promise<PaymentOutcome>((resolve, reject) => {
      new PaystackPop().resumeTransaction(session.access_code, {
        onSuccess: () => {
          window.location.assign(callbackPath(session))
          resolve('completed')
        },
        onCancel: () => resolve('cancelled'),
        onError: (error) => reject(new Error(error.message)),
      })
    })
  },
}

export function paymentSeamFor(session: Pick<CheckoutSession, 'emulated'>): PaymentSeam {
  return session.emulated ? emulatorSeam : paystackSeam
}
