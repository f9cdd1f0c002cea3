import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { EmulatorControls, EmulatorOutcomes } from './emulator-outcomes'
import type { EmulatorState } from './emulator-state'
import {
  type Refund,
  refundData,
  refundEventData,
  type Transaction,
  transactionData,
} from './paystack-shapes'
import type { WebhookSender } from './webhook-sender'

// The emulator's API, the subset of Paystack's that Depot uses: initialize, verify,
// verify_access_code, refund and refund lookup, with Paystack's envelopes ({ status, message, data }),
// its error bodies ({ status: false, message }) and 401 for a missing or wrong secret key.

export interface ApiDeps {
  secretKey: string
  /** The public origin + mount path of the emulator, for authorization_url. */
  publicUrl: () => string
  state: EmulatorState
  controls: EmulatorControls
  outcomes: EmulatorOutcomes
  webhooks: WebhookSender
}

const CURRENCIES = new Set(['NGN', 'USD', 'GHS', 'ZAR', 'KES'])

const ok = (c: Context, message: string, data: unknown) => c.json({ status: true, message, data }, 200)
const fail = (c: Context, status: 400 | 401 | 404 | 503, message: string) =>
  c.json({ status: false, message }, status)

async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  return (await c.req.json().catch(() => null)) as Record<string, unknown> | null
}

/** Every call needs `Authorization: Bearer <secret key>`; an outage answers 503 first. */
export function emulatorApi(deps: ApiDeps): Hono {
  const api = new Hono()
  api.use('*', async (c, next) => {
    if (deps.controls.outage) return fail(c, 503, 'Service temporarily unavailable')
    const header = c.req.header('Authorization')
    if (!header) return fail(c, 401, 'No Authorization Header was found')
    if (header !== `Bearer ${deps.secretKey}`) return fail(c, 401, 'Invalid key')
    await next()
  })
  transactionRoutes(api, deps)
  refundRoutes(api, deps)
  return api
}

/** An initialize body checked as Paystack checks it: the new transaction (but its id), or why not. */
function newTransaction(body: Record<string, unknown>): Omit<Transaction, 'id'> | string {
  const email = typeof body.email === 'string' ? body.email.trim() : ''
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) return 'Invalid Email Address Passed'
  const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return 'Invalid Amount Sent'
  const currency = typeof body.currency === 'string' ? body.currency : 'NGN'
  if (!CURRENCIES.has(currency)) return 'Currency not supported by merchant'
  const reference =
    typeof body.reference === 'string' && body.reference !== ''
      ? body.reference
      : randomBytes(8).toString('hex')
  return {
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
}

function transactionRoutes(api: Hono, { state, publicUrl }: ApiDeps): void {
  api.post('/transaction/initialize', async (c) => {
    const body = await jsonBody(c)
    if (!body) return fail(c, 400, 'Invalid JSON body')
    const fields = newTransaction(body)
    if (typeof fields === 'string') return fail(c, 400, fields)
    if (state.byReference(fields.reference)) return fail(c, 400, 'Duplicate Transaction Reference')
    const tx: Transaction = { id: state.newId(), ...fields }
    state.addTransaction(tx)
    return ok(c, 'Authorization URL created', {
      authorization_url: `${publicUrl()}/checkout/${tx.accessCode}`,
      access_code: tx.accessCode,
      reference: tx.reference,
    })
  })

  api.get('/transaction/verify/:reference', (c) => {
    const tx = state.byReference(c.req.param('reference'))
    if (!tx) return fail(c, 400, 'Transaction reference not found')
    return ok(c, 'Verification successful', transactionData(tx))
  })

  api.get('/transaction/verify_access_code/:access_code', (c) => {
    const tx = state.byAccessCode(c.req.param('access_code'))
    if (!tx) return fail(c, 400, 'Access code not found')
    return ok(c, 'Access code validated', { ...transactionData(tx), access_code: tx.accessCode })
  })
}

function refundRoutes(api: Hono, { state, outcomes, webhooks }: ApiDeps): void {
  api.post('/refund', async (c) => {
    const body = await jsonBody(c)
    const key =
      body && (typeof body.transaction === 'string' || typeof body.transaction === 'number')
        ? String(body.transaction)
        : ''
    const tx = state.byReferenceOrId(key)
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
      id: state.newId(),
      transaction: tx,
      amount,
      currency: tx.currency,
      status: 'pending',
      merchantNote: typeof body?.merchant_note === 'string' ? body.merchant_note : null,
      customerNote: typeof body?.customer_note === 'string' ? body.customer_note : null,
      createdAt: new Date().toISOString(),
    }
    state.addRefund(refund)
    webhooks.emit('refund.pending', refundEventData(refund))
    outcomes.settleLater(refund)
    return ok(c, 'Refund has been queued for processing', refundData(refund))
  })

  api.get('/refund/:id', (c) => {
    const refund = state.refund(Number(c.req.param('id')))
    if (!refund) return fail(c, 404, 'Refund not found')
    return ok(c, 'Refund retrieved', refundData(refund))
  })
}
