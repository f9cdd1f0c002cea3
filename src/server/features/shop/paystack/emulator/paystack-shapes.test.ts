import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createPaystackEmulator } from './emulator'
import { refundEventData } from './paystack-shapes'

// The emulator's answers held against the shapes Paystack documents for its API
// (paystack.com/docs/api): every answer is the envelope { status, message, data }, an error is
// { status: false, message }, and initialize, verify, refund and the charge.success / refund.* webhook
// bodies carry the documented fields with their documented types. The schemas below are written from
// those documents, not from the emulator, so a field the emulator drops or retypes fails here.

const SECRET = 'sk_test_shapes_0123456789'
const SUCCESS_CARD = '4084084084084081'

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().min(1), data }).strict()
const errorEnvelope = z.object({ status: z.literal(false), message: z.string().min(1) }).strict()

const initializeData = z
  .object({ authorization_url: z.url(), access_code: z.string().min(1), reference: z.string().min(1) })
  .strict()

const customer = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  customer_code: z.string().regex(/^CUS_/),
  phone: z.string().nullable(),
  metadata: z.unknown(),
  risk_action: z.string(),
})

const authorization = z.object({
  authorization_code: z.string().regex(/^AUTH_/),
  bin: z.string().regex(/^\d{6}$/),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.string(),
  exp_year: z.string(),
  channel: z.string(),
  card_type: z.string(),
  bank: z.string(),
  country_code: z.string().length(2),
  brand: z.string(),
  reusable: z.boolean(),
  signature: z.string(),
  account_name: z.string().nullable(),
})

/** The transaction of verify, verify_access_code and the charge.success webhook. */
const transaction = z.object({
  id: z.number().int(),
  domain: z.enum(['test', 'live']),
  status: z.enum(['success', 'failed', 'abandoned', 'ongoing', 'pending', 'reversed']),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string().length(3),
  message: z.string().nullable(),
  gateway_response: z.string(),
  paid_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  channel: z.string(),
  ip_address: z.string().nullable(),
  metadata: z.unknown(),
  fees: z.number().int().nullable(),
  customer,
  authorization: z.union([authorization, z.object({}).strict()]),
  plan: z.unknown(),
  requested_amount: z.number().int(),
})

/** The refund of POST /refund and GET /refund/:id, with its transaction nested as an object. */
const refund = z.object({
  id: z.number().int(),
  integration: z.number().int(),
  domain: z.enum(['test', 'live']),
  transaction: z.object({
    id: z.number().int(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string().length(3),
  }),
  amount: z.number().int(),
  deducted_amount: z.number().int(),
  fully_deducted: z.boolean(),
  currency: z.string().length(3),
  channel: z.string(),
  status: z.enum(['pending', 'processing', 'processed', 'failed']),
  merchant_note: z.string().nullable(),
  customer_note: z.string().nullable(),
  refunded_by: z.string(),
  createdAt: z.iso.datetime(),
})

/** The data of the refund.pending / processed / failed webhooks. */
const refundEvent = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'processing', 'processed', 'failed']),
    transaction_reference: z.string(),
    refund_reference: z.string(),
    amount: z.number().int(),
    currency: z.string().length(3),
    processor: z.string(),
    customer: z.object({ email: z.string() }),
    integration: z.number().int(),
    domain: z.enum(['test', 'live']),
  })
  .strict()

function emulator() {
  const paystack = createPaystackEmulator({
    secretKey: SECRET,
    publicUrl: () => 'http://localhost:3000/_emulator/paystack',
    webhookUrl: () => undefined,
    refundDelayMs: 0,
  })
  const api = async (path: string, body?: unknown, key = SECRET) => {
    const res = await paystack.app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }
  return { paystack, api }
}

async function paidTransaction(amount = 5000) {
  const e = emulator()
  const init = await e.api('/transaction/initialize', { email: 'buyer@example.com', amount, currency: 'NGN' })
  const { reference, access_code: accessCode } = envelope(initializeData).parse(init.body).data
  expect(e.paystack.pay(reference, SUCCESS_CARD)).toBe('paid')
  return { ...e, reference, accessCode }
}

describe('the Paystack emulator’s answers, against the shapes Paystack documents', () => {
  it('initialize answers the envelope with the authorization URL, access code and reference', async () => {
    const { api } = emulator()
    const res = await api('/transaction/initialize', {
      email: 'buyer@example.com',
      amount: 5000,
      reference: 'dep_shape_1',
    })
    expect(res.status).toBe(200)
    const { data, message } = envelope(initializeData).parse(res.body)
    expect(message).toBe('Authorization URL created')
    expect(data.reference).toBe('dep_shape_1')
    expect(data.authorization_url).toBe(
      `http://localhost:3000/_emulator/paystack/checkout/${data.access_code}`,
    )
  })

  it('verify describes an unpaid transaction as abandoned, with no authorization and no fees', async () => {
    const { api } = emulator()
    const init = await api('/transaction/initialize', { email: 'buyer@example.com', amount: 700 })
    const { reference } = envelope(initializeData).parse(init.body).data
    const verified = envelope(transaction).parse((await api(`/transaction/verify/${reference}`)).body)
    expect(verified.data).toMatchObject({ status: 'abandoned', amount: 700, paid_at: null, fees: null })
    expect(verified.data.authorization).toEqual({})
  })

  it('verify and verify_access_code describe a charged transaction with the card’s authorization', async () => {
    const { api, reference, accessCode, paystack } = await paidTransaction(5000)
    const verified = envelope(transaction).parse((await api(`/transaction/verify/${reference}`)).body)
    expect(verified.message).toBe('Verification successful')
    expect(verified.data).toMatchObject({
      status: 'success',
      reference,
      amount: 5000,
      currency: 'NGN',
      gateway_response: 'Successful',
      fees: 75,
      customer: { email: 'buyer@example.com' },
      authorization: { bin: '408408', last4: '4081', reusable: true },
    })
    expect(verified.data.paid_at).not.toBeNull()
    // The charge.success webhook carries the same transaction.
    expect(transaction.parse(paystack.transaction(reference))).toEqual(verified.data)
    const byCode = await api(`/transaction/verify_access_code/${accessCode}`)
    const withCode = envelope(transaction.extend({ access_code: z.string() })).parse(byCode.body)
    expect(withCode.data).toEqual({ ...verified.data, access_code: accessCode })
  })

  it('refund answers the refund with its transaction nested, and lookup answers the same refund', async () => {
    const { api, reference, paystack } = await paidTransaction(5000)
    const created = await api('/refund', { transaction: reference, amount: 2000, merchant_note: 'broken' })
    expect(created.status).toBe(200)
    const { data, message } = envelope(refund).parse(created.body)
    expect(message).toBe('Refund has been queued for processing')
    expect(data).toMatchObject({
      amount: 2000,
      status: 'pending',
      merchant_note: 'broken',
      deducted_amount: 0,
      fully_deducted: false,
      transaction: { reference, amount: 5000 },
    })
    await paystack.idle()
    const looked = envelope(refund).parse((await api(`/refund/${data.id}`)).body)
    expect(looked.data).toMatchObject({ id: data.id, status: 'processed', deducted_amount: 2000 })
  })

  it('describes a refund in the refund webhooks’ shape', async () => {
    const { reference, paystack } = await paidTransaction(5000)
    const tx = paystack.transaction(reference)!
    const event = refundEvent.parse(
      refundEventData({
        id: 91,
        transaction: {
          id: tx.id,
          reference,
          accessCode: 'code',
          amount: 5000,
          currency: 'NGN',
          email: 'buyer@example.com',
          callbackUrl: null,
          metadata: null,
          status: 'success',
          gatewayResponse: 'Successful',
          outcome: 'success',
          card: SUCCESS_CARD,
          paidAt: tx.paid_at,
          createdAt: tx.created_at,
          refunded: 5000,
        },
        amount: 5000,
        currency: 'NGN',
        status: 'processed',
        merchantNote: null,
        customerNote: null,
        createdAt: tx.created_at,
      }),
    )
    expect(event).toMatchObject({ transaction_reference: reference, refund_reference: 'RF_91', amount: 5000 })
  })

  it('answers errors as { status: false, message } with Paystack’s statuses', async () => {
    const { api } = emulator()
    const badKey = await api('/transaction/initialize', { email: 'a@b.co', amount: 100 }, 'sk_test_wrong')
    expect(badKey.status).toBe(401)
    expect(errorEnvelope.parse(badKey.body).message).toBe('Invalid key')
    const badEmail = await api('/transaction/initialize', { email: 'not an email', amount: 100 })
    expect(badEmail.status).toBe(400)
    expect(errorEnvelope.parse(badEmail.body).message).toBe('Invalid Email Address Passed')
    const badAmount = await api('/transaction/initialize', { email: 'a@b.co', amount: 1.5 })
    expect(errorEnvelope.parse(badAmount.body).message).toBe('Invalid Amount Sent')
    const unknown = await api('/transaction/verify/no_such_reference')
    expect(unknown.status).toBe(400)
    expect(errorEnvelope.parse(unknown.body).message).toBe('Transaction reference not found')
    const unpaid = await api('/transaction/initialize', { email: 'a@b.co', amount: 100, reference: 'unpaid' })
    expect(unpaid.status).toBe(200)
    const refused = await api('/refund', { transaction: 'unpaid' })
    expect(refused.status).toBe(400)
    errorEnvelope.parse(refused.body)
    expect((await api('/refund/4040')).status).toBe(404)
  })
})
