import { Hono } from 'hono'
import { checkoutPage } from './checkout-page'
import type { EmulatorOutcomes } from './emulator-outcomes'
import type { EmulatorState } from './emulator-state'
import type { Transaction } from './paystack-shapes'

// The emulator's checkout page, as the buyer's browser opens it (no key): shows the transaction with
// the test cards, applies the chosen card, and sends the browser back to the callback URL with the
// reference, as Paystack's page does.

export interface CheckoutRoutesDeps {
  /** The public origin + mount path of the emulator, for the form's action. */
  publicUrl: () => string
  state: EmulatorState
  outcomes: EmulatorOutcomes
  merchantName: () => Promise<string | undefined>
}

const NOT_FOUND = '<!doctype html><title>Not found</title><p>TEST MODE: no such checkout.</p>'

function withReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl)
  url.searchParams.set('trxref', reference)
  url.searchParams.set('reference', reference)
  return url.toString()
}

export function checkoutRoutes(deps: CheckoutRoutesDeps): Hono {
  const pages = new Hono()

  async function pageOf(tx: Transaction) {
    return {
      merchant: await deps.merchantName().catch(() => undefined),
      accessCode: tx.accessCode,
      amount: tx.amount,
      currency: tx.currency,
      email: tx.email,
      reference: tx.reference,
      action: `${deps.publicUrl()}/checkout/${tx.accessCode}`,
    }
  }

  pages.get('/checkout/:access_code', async (c) => {
    const tx = deps.state.byAccessCode(c.req.param('access_code'))
    if (!tx) return c.html(NOT_FOUND, 404)
    return c.html(
      checkoutPage({
        ...(await pageOf(tx)),
        done: tx.status === 'success' ? 'This transaction is already paid.' : undefined,
      }),
    )
  })

  pages.post('/checkout/:access_code', async (c) => {
    const tx = deps.state.byAccessCode(c.req.param('access_code'))
    if (!tx) return c.html(NOT_FOUND, 404)
    const form = await c.req.parseBody()
    const back = tx.callbackUrl ? withReference(tx.callbackUrl, tx.reference) : undefined
    if (form.intent === 'cancel') {
      return back
        ? c.redirect(back, 303)
        : c.html(checkoutPage({ ...(await pageOf(tx)), done: 'Cancelled.' }))
    }
    const result = deps.outcomes.charge(tx, typeof form.card_number === 'string' ? form.card_number : '')
    if (result === 'declined') {
      return c.html(
        checkoutPage({ ...(await pageOf(tx)), error: `${tx.gatewayResponse}. Try another card.` }),
        402,
      )
    }
    return back
      ? c.redirect(back, 303)
      : c.html(checkoutPage({ ...(await pageOf(tx)), done: 'Payment successful.' }))
  })

  return pages
}
