import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type StandaloneEmulator,
  startPaystackEmulator,
} from '../../src/server/features/shop/paystack/emulator/standalone'
import { releaseWhenDone } from '../support/cleanup'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { checkout, fulfilments, orderOf, product, SECRET, SUCCESS_CARD, verify } from './helpers'

// Two instances of the app on one database, as behind a round-robin load balancer, pointed at one
// standalone emulator with PAYSTACK_BASE_URL (docs/paystack-emulator.md): a transaction initialized
// through one instance is known to the emulator when the other verifies it or receives its webhook.

let paystack: StandaloneEmulator
let a: TestApp
let b: TestApp
const urls = { a: '', b: '' }

async function serveOnLoopback(t: TestApp): Promise<string> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  releaseWhenDone(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  paystack = await startPaystackEmulator({
    secretKey: SECRET,
    // The load balancer would pick one; here every webhook goes to instance B.
    webhookUrl: () => `${urls.b}/api/payments/paystack/webhook`,
    retryDelaysMs: [50, 100, 200],
  })
  releaseWhenDone(() => paystack.close())
  const env = {
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_PUBLIC_KEY: 'pk_test_suite',
    PAYSTACK_BASE_URL: paystack.baseUrl,
  }
  a = await createTestApp({ env })
  b = await createTestApp({ env, sharedDatabase: a.testDb })
  urls.a = await serveOnLoopback(a)
  urls.b = await serveOnLoopback(b)
})
beforeEach(() => paystack.emulator.reset())

/** The buyer's browser pays on the emulator's checkout page. */
async function pay(accessCode: string) {
  const res = await fetch(`${paystack.baseUrl}/checkout/${accessCode}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: SUCCESS_CARD, intent: 'pay' }).toString(),
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
}

const webhookRequests = (t: TestApp) =>
  t.logs.lines.filter((l) => l.path === '/api/payments/paystack/webhook' && l.status === 200).length

describe('one standalone emulator behind two instances', () => {
  it('initialized on A, settled by the webhook B receives', async () => {
    const { client } = await signedIn(a)
    const p = await product(a)
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    // Keys are set, but the API is the emulator's: the browser is sent to its checkout page, not to
    // Paystack's popup, which would not know this transaction.
    expect(session.emulated).toBe(true)
    expect(session.checkout_url).toBe(`${paystack.baseUrl}/checkout/${session.access_code}`)
    const page = await fetch(session.checkout_url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('TEST MODE')
    const before = { a: webhookRequests(a), b: webhookRequests(b) }
    await pay(session.access_code)
    await paystack.emulator.idle()
    expect((await orderOf(b, session.order_id)).status).toBe('paid')
    expect(webhookRequests(b)).toBe(before.b + 1)
    expect(webhookRequests(a)).toBe(before.a)
    expect(await fulfilments(a, session.order_id, session.reference)).toEqual({ mails: 1, notifications: 1 })
  })

  it('initialized on A, verified through B while no webhook arrives', async () => {
    const { client } = await signedIn(a)
    const p = await product(a)
    const session = await checkout(client, [{ product_id: p.id, quantity: 2 }])
    paystack.emulator.webhooks.controls.drop = true
    await pay(session.access_code)
    // The same buyer's next request lands on B (sessions live in the shared database).
    const onB = new CookieClient(b.app)
    for (const [name, value] of client.jar) onB.jar.set(name, value)
    const res = await verify(onB, session.reference)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ verified: true, order: { status: 'paid' } })
    expect((await orderOf(a, session.order_id)).status).toBe('paid')
    expect(await fulfilments(b, session.order_id, session.reference)).toEqual({ mails: 1, notifications: 1 })
  })
})
