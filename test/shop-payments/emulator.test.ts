import { beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../../src/server/env'
import { builtInEmulatorKey } from '../../src/server/features/shop/paystack/paystack-setup'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { checkout, product, SUCCESS_CARD, verify } from './helpers'

// The built-in emulator: without Paystack keys the app mounts it at /_emulator/paystack
// and a purchase works end to end offline; it speaks Paystack's envelopes and refuses a bad key;
// production refuses to run on it.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

describe('the built-in Paystack emulator', () => {
  it('serves a TEST MODE checkout and a purchase works end to end without keys', async () => {
    const { client } = await signedIn(t)
    const p = await product(t, { price: 5000 })
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    expect(session.emulated).toBe(true)
    const pagePath = new URL(session.checkout_url).pathname
    expect(pagePath).toBe(`/_emulator/paystack/checkout/${session.access_code}`)
    const page = await t.app.request(pagePath)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toMatch(/TEST MODE[\s\S]*4084 0840 8408 4081/)
    // The same money format as the shop (narrow symbol), not "NGN 50.00".
    expect(html).toContain('Pay ₦50.00')
    expect(html).not.toContain('NGN 50.00')
    const paid = await t.app.request(pagePath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: SUCCESS_CARD, intent: 'pay' }).toString(),
    })
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/shop/checkout/callback')
    const verified = await (await verify(client, back.searchParams.get('reference') ?? '')).json()
    expect(verified.order.status).toBe('paid')
    // The verify body carries the fields Paystack's documented verify response (and charge.success
    // webhook, which shares it) carries: the card's bin/last4 in the authorization, customer id.
    const secret = builtInEmulatorKey(t.deps.env)
    const raw = await t.app.request(
      `/_emulator/paystack/transaction/verify/${back.searchParams.get('reference')}`,
      {
        headers: { Authorization: `Bearer ${secret}` },
      },
    )
    const doc = await raw.json()
    expect(doc).toMatchObject({ status: true, message: 'Verification successful' })
    expect(doc.data).toMatchObject({
      status: 'success',
      message: null,
      gateway_response: 'Successful',
      channel: 'card',
      currency: 'NGN',
      authorization: { bin: '408408', last4: '4081', brand: 'visa', reusable: true, country_code: 'NG' },
      customer: { risk_action: 'default' },
    })
    expect(typeof doc.data.customer.id).toBe('number')
    expect(doc.data.authorization.authorization_code).toMatch(/^AUTH_/)
    // The create-refund body as documented: queued, pending, the transaction nested as an object.
    const refund = await t.app.request('/_emulator/paystack/refund', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transaction: doc.data.reference, amount: 100 }),
    })
    expect(await refund.json()).toMatchObject({
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        amount: 100,
        currency: 'NGN',
        status: 'pending',
        transaction: { id: doc.data.id, reference: doc.data.reference, amount: 5000, channel: 'card' },
      },
    })
  })

  it("speaks Paystack's envelopes and refuses a missing or wrong key with 401", async () => {
    const secretKey = builtInEmulatorKey(t.deps.env)
    const call = (path: string, init: RequestInit = {}) => t.app.request(`/_emulator/paystack${path}`, init)
    const none = await call('/transaction/verify/x')
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ status: false, message: 'No Authorization Header was found' })
    const wrong = await call('/transaction/verify/x', { headers: { Authorization: 'Bearer sk_test_wrong' } })
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).message).toBe('Invalid key')
    const auth = { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' }
    const unknown = await call('/transaction/verify/nope', { headers: auth })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ status: false, message: 'Transaction reference not found' })
    const init = await call('/transaction/initialize', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email: 'a@example.com', amount: 1000, reference: 'ref-1' }),
    })
    const body = await init.json()
    expect(body).toMatchObject({
      status: true,
      message: 'Authorization URL created',
      data: { reference: 'ref-1' },
    })
    const dup = await call('/transaction/initialize', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email: 'a@example.com', amount: 1000, reference: 'ref-1' }),
    })
    expect(await dup.json()).toEqual({ status: false, message: 'Duplicate Transaction Reference' })
    const byCode = await call(`/transaction/verify_access_code/${body.data.access_code}`, { headers: auth })
    expect(await byCode.json()).toMatchObject({
      status: true,
      data: { status: 'abandoned', reference: 'ref-1' },
    })
    const refund = await call('/refund', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ transaction: 'ref-1' }),
    })
    expect(refund.status).toBe(400)
  })

  it('production refuses to start on the emulator', () => {
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        AUTH_URL: 'https://depot.example.com',
        SMTP_URL: 'smtp://localhost:25',
      }),
    ).toThrow(/PAYSTACK_SECRET_KEY: required in production/)
  })
})
