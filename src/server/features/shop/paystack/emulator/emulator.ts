import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { checkoutPage } from './checkout-page'
import {
  type Refund,
  refundData,
  refundEventData,
  type Transaction,
  transactionData,
} from './paystack-shapes'
import { cardOutcome, GATEWAY_RESPONSES } from './test-cards'
import { createWebhookSender, type WebhookControls } from './webhook-sender'

// A Paystack stand-in that speaks Paystack's HTTP API (the subset Depot uses): initialize, verify,
// verify_access_code, refund and refund lookup, with Paystack's envelopes ({ status, message, data }),
// its error bodies ({ status: false, message }) and 401 for a missing or wrong secret key. Its
// checkout page applies test cards and sends signed webhooks with retries. State lives in memory:
// it is for local runs and tests (production refuses to start without real keys, env.ts).

export interface EmulatorOptions {
  secretKey: string
  /** The public origin + mount path of this emulator, for authorization_url and the form. */
  publicUrl: () => string
  /** Where events go (the app's POST /api/payments/paystack/webhook). */
  webhookUrl: () => string | undefined
  /** Waits between webhook retries; default three retries after 0.2 s, 1 s and 5 s. */
  retryDelaysMs?: readonly number[]
  /** How long a refund stays pending before its outcome webhook; default 50 ms. */
  refundDelayMs?: number
  /** The merchant's business name, shown on the checkout page as Paystack shows it. */
  merchantName?: () => Promise<string>
}

export interface EmulatorControls extends WebhookControls {
  /** The API answers 503 to every call (a Paystack outage). */
  outage: boolean
  /** Successful charges take this amount instead of the initialized one (an underpayment). */
  chargeAmount: number | undefined
  /** Successful charges are in this currency instead of the initialized one. */
  chargeCurrency: string | undefined
}

const CURRENCIES = new Set(['NGN', 'USD', 'GHS', 'ZAR', 'KES'])

export function createPaystackEmulator(options: EmulatorOptions) {
  const byReference = new Map<string, Transaction>()
  const byAccessCode = new Map<string, Transaction>()
  const refunds = new Map<number, Refund>()
  let nextId = 4_000_000_000
  const webhooks = createWebhookSender({
    secretKey: options.secretKey,
    url: options.webhookUrl,
    retryDelaysMs: options.retryDelaysMs ?? [200, 1000, 5000],
  })
  const controls: EmulatorControls = Object.assign(webhooks.controls, {
    outage: false,
    chargeAmount: undefined,
    chargeCurrency: undefined,
  }) as EmulatorControls
  const refundTimers = new Set<Promise<void>>()
  let merchantName = options.merchantName ?? (async () => undefined)

  const ok = (c: Context, message: string, data: unknown) => c.json({ status: true, message, data }, 200)
  const fail = (c: Context, status: 400 | 401 | 404 | 503, message: string) =>
    c.json({ status: false, message }, status)

  /** Applies a test card to a transaction, as the checkout form does. */
  function charge(
    tx: Transaction,
    cardNumber: string,
    now = new Date(),
  ): 'paid' | 'declined' | 'already_paid' {
    if (tx.status === 'success') return 'already_paid'
    const outcome = cardOutcome(cardNumber)
    tx.card = cardNumber.replace(/\D/g, '')
    if (outcome === 'success' || outcome === 'refund_fails') {
      tx.status = 'success'
      tx.outcome = outcome
      tx.gatewayResponse = GATEWAY_RESPONSES[outcome]
      if (controls.chargeAmount !== undefined) tx.amount = controls.chargeAmount
      if (controls.chargeCurrency !== undefined) tx.currency = controls.chargeCurrency
      tx.paidAt = now.toISOString()
      webhooks.emit('charge.success', transactionData(tx))
      return 'paid'
    }
    tx.status = 'failed'
    tx.gatewayResponse = GATEWAY_RESPONSES[outcome]
    return 'declined'
  }

  function processRefund(r: Refund): void {
    const task = (async () => {
      await new Promise((resolve) => setTimeout(resolve, options.refundDelayMs ?? 50))
      if (r.transaction.outcome === 'refund_fails') {
        r.status = 'failed'
        r.transaction.refunded -= r.amount
        webhooks.emit('refund.failed', refundEventData(r))
      } else {
        r.status = 'processed'
        webhooks.emit('refund.processed', refundEventData(r))
      }
    })()
    refundTimers.add(task)
    void task.finally(() => refundTimers.delete(task))
  }

  const app = new Hono()

  // The API: every call needs `Authorization: Bearer <secret key>`; the checkout page does not.
  const api = new Hono()
  api.use('*', async (c, next) => {
    if (controls.outage) return fail(c, 503, 'Service temporarily unavailable')
    const header = c.req.header('Authorization')
    if (!header) return fail(c, 401, 'No Authorization Header was found')
    if (header !== `Bearer ${options.secretKey}`) return fail(c, 401, 'Invalid key')
    await next()
  })

  api.post('/transaction/initialize', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
    if (!body) return fail(c, 400, 'Invalid JSON body')
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return fail(c, 400, 'Invalid Email Address Passed')
    const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      return fail(c, 400, 'Invalid Amount Sent')
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN'
    if (!CURRENCIES.has(currency)) return fail(c, 400, 'Currency not supported by merchant')
    const reference =
      typeof body.reference === 'string' && body.reference !== ''
        ? body.reference
        : randomBytes(8).toString('hex')
    if (byReference.has(reference)) return fail(c, 400, 'Duplicate Transaction Reference')
    const tx: Transaction = {
      id: nextId++,
      reference,
      accessCode: randomBytes(9).toString('base64url'),
      amount,
      currency,
      email,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      metadata: body.metadata ?? null,
      status: 'abandoned',
      gatewayResponse: null,
      outcome: null,
      card: null,
      paidAt: null,
      createdAt: new Date().toISOString(),
      refunded: 0,
    }
    byReference.set(reference, tx)
    byAccessCode.set(tx.accessCode, tx)
    return ok(c, 'Authorization URL created', {
      authorization_url: `${options.publicUrl()}/checkout/${tx.accessCode}`,
      access_code: tx.accessCode,
      reference,
    })
  })

  api.get('/transaction/verify/:reference', (c) => {
    const tx = byReference.get(c.req.param('reference'))
    if (!tx) return fail(c, 400, 'Transaction reference not found')
    return ok(c, 'Verification successful', transactionData(tx))
  })

  api.get('/transaction/verify_access_code/:access_code', (c) => {
    const tx = byAccessCode.get(c.req.param('access_code'))
    if (!tx) return fail(c, 400, 'Access code not found')
    return ok(c, 'Access code validated', { ...transactionData(tx), access_code: tx.accessCode })
  })

  api.post('/refund', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
    const key =
      body && (typeof body.transaction === 'string' || typeof body.transaction === 'number')
        ? String(body.transaction)
        : ''
    const tx = byReference.get(key) ?? [...byReference.values()].find((t) => String(t.id) === key)
    if (!tx) return fail(c, 400, 'Transaction not found')
    if (tx.status !== 'success') return fail(c, 400, 'Cannot refund a transaction that was not successful')
    const amount = body?.amount === undefined ? tx.amount - tx.refunded : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0) return fail(c, 400, 'Invalid amount')
    if (amount > tx.amount - tx.refunded)
      return fail(c, 400, 'Refund amount cannot be more than the unrefunded transaction amount')
    if (typeof body?.currency === 'string' && body.currency !== tx.currency)
      return fail(c, 400, 'Currency does not match the transaction currency')
    tx.refunded += amount
    const refund: Refund = {
      id: nextId++,
      transaction: tx,
      amount,
      currency: tx.currency,
      status: 'pending',
      merchantNote: typeof body?.merchant_note === 'string' ? body.merchant_note : null,
      customerNote: typeof body?.customer_note === 'string' ? body.customer_note : null,
      createdAt: new Date().toISOString(),
    }
    refunds.set(refund.id, refund)
    webhooks.emit('refund.pending', refundEventData(refund))
    processRefund(refund)
    return ok(c, 'Refund has been queued for processing', refundData(refund))
  })

  api.get('/refund/:id', (c) => {
    const refund = refunds.get(Number(c.req.param('id')))
    if (!refund) return fail(c, 404, 'Refund not found')
    return ok(c, 'Refund retrieved', refundData(refund))
  })

  // The checkout page (no key: the buyer's browser opens it).
  app.get('/checkout/:access_code', async (c) => {
    const tx = byAccessCode.get(c.req.param('access_code'))
    if (!tx) return c.html('<!doctype html><title>Not found</title><p>TEST MODE: no such checkout.</p>', 404)
    return c.html(
      checkoutPage({
        ...(await pageOf(tx)),
        done: tx.status === 'success' ? 'This transaction is already paid.' : undefined,
      }),
    )
  })

  app.post('/checkout/:access_code', async (c) => {
    const tx = byAccessCode.get(c.req.param('access_code'))
    if (!tx) return c.html('<!doctype html><title>Not found</title><p>TEST MODE: no such checkout.</p>', 404)
    const form = await c.req.parseBody()
    const back = tx.callbackUrl ? withReference(tx.callbackUrl, tx.reference) : undefined
    if (form.intent === 'cancel') {
      return back
        ? c.redirect(back, 303)
        : c.html(checkoutPage({ ...(await pageOf(tx)), done: 'Cancelled.' }))
    }
    const result = charge(tx, typeof form.card_number === 'string' ? form.card_number : '')
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

  async function pageOf(tx: Transaction) {
    return {
      merchant: await merchantName().catch(() => undefined),
      accessCode: tx.accessCode,
      amount: tx.amount,
      currency: tx.currency,
      email: tx.email,
      reference: tx.reference,
      action: `${options.publicUrl()}/checkout/${tx.accessCode}`,
    }
  }

  app.route('/', api)

  return {
    /** Mount under a path (`/_emulator/paystack`) or serve on its own. */
    app,
    controls,
    webhooks,
    /** Where the checkout page takes the merchant's name from (the app's site identity). */
    setMerchantName(source: () => Promise<string>) {
      merchantName = source
    },
    /** Pays (or declines) a transaction as the checkout form would; for tests. */
    pay(referenceOrAccessCode: string, cardNumber: string) {
      const tx = byReference.get(referenceOrAccessCode) ?? byAccessCode.get(referenceOrAccessCode)
      if (!tx) throw new Error(`no transaction ${referenceOrAccessCode}`)
      return charge(tx, cardNumber)
    },
    transaction: (reference: string) => {
      const tx = byReference.get(reference)
      return tx && transactionData(tx)
    },
    /** Controls back to normal, held events dropped. */
    reset() {
      Object.assign(controls, {
        delayMs: 0,
        duplicates: 0,
        drop: false,
        hold: false,
        badSignature: false,
        outage: false,
        chargeAmount: undefined,
        chargeCurrency: undefined,
      })
    },
    /** Resolves when pending refunds and webhook deliveries have finished. */
    async idle(): Promise<void> {
      while (refundTimers.size > 0) await Promise.allSettled([...refundTimers])
      await webhooks.idle()
    },
  }
}

function withReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl)
  url.searchParams.set('trxref', reference)
  url.searchParams.set('reference', reference)
  return url.toString()
}

export type PaystackEmulator = ReturnType<typeof createPaystackEmulator>
