import { Hono } from 'hono'
import { checkoutRoutes } from './checkout-routes'
import { emulatorApi } from './emulator-api'
import { createOutcomes, type EmulatorControls } from './emulator-outcomes'
import { createEmulatorState } from './emulator-state'
import { transactionData } from './paystack-shapes'
import { createWebhookSender } from './webhook-sender'

// A Paystack stand-in that speaks Paystack's HTTP API (the subset Depot uses, emulator-api.ts), with
// a TEST MODE checkout page that applies test cards (checkout-routes.ts) and signed webhooks with
// retries (webhook-sender.ts). State lives in memory (emulator-state.ts): it is for local runs and
// tests (production refuses to start without real keys, env.ts).

export type { EmulatorControls } from './emulator-outcomes'

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

const NORMAL_CONTROLS = {
  delayMs: 0,
  duplicates: 0,
  drop: false,
  hold: false,
  badSignature: false,
  outage: false,
  chargeAmount: undefined,
  chargeCurrency: undefined,
} satisfies EmulatorControls

export function createPaystackEmulator(options: EmulatorOptions) {
  const state = createEmulatorState()
  const webhooks = createWebhookSender({
    secretKey: options.secretKey,
    url: options.webhookUrl,
    retryDelaysMs: options.retryDelaysMs ?? [200, 1000, 5000],
  })
  // One object: the webhook sender reads its part, the API and the charges the rest.
  const controls: EmulatorControls = Object.assign(webhooks.controls, {
    outage: false,
    chargeAmount: undefined,
    chargeCurrency: undefined,
  })
  const outcomes = createOutcomes({ controls, webhooks, refundDelayMs: options.refundDelayMs ?? 50 })
  const merchantName = options.merchantName ?? (async () => undefined)

  const app = new Hono()
  app.route('/', checkoutRoutes({ publicUrl: options.publicUrl, state, outcomes, merchantName }))
  app.route(
    '/',
    emulatorApi({
      secretKey: options.secretKey,
      publicUrl: options.publicUrl,
      state,
      controls,
      outcomes,
      webhooks,
    }),
  )

  return {
    /** Mount under a path (`/_emulator/paystack`) or serve on its own. */
    app,
    controls,
    webhooks,
    /** Pays (or declines) a transaction as the checkout form would; for tests. */
    pay(referenceOrAccessCode: string, cardNumber: string) {
      const tx = state.byReference(referenceOrAccessCode) ?? state.byAccessCode(referenceOrAccessCode)
      if (!tx) throw new Error(`no transaction ${referenceOrAccessCode}`)
      return outcomes.charge(tx, cardNumber)
    },
    transaction: (reference: string) => {
      const tx = state.byReference(reference)
      return tx && transactionData(tx)
    },
    /** Controls back to normal (events already held stay held until release). */
    reset() {
      Object.assign(controls, NORMAL_CONTROLS)
    },
    /** Resolves when pending refunds and webhook deliveries have finished. */
    async idle(): Promise<void> {
      await outcomes.idle()
      await webhooks.idle()
    },
  }
}

export type PaystackEmulator = ReturnType<typeof createPaystackEmulator>
