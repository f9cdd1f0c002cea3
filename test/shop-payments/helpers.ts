import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { expect } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import {
  type StandaloneEmulator,
  startPaystackEmulator,
} from '../../src/server/features/shop/paystack/emulator/standalone'
import type { CheckoutSession } from '../../src/shared/contract/shop/orders'
import { releaseWhenDone } from '../support/cleanup'
import { insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { createTestApp, type TestApp } from '../support/test-app'

// The shop's payment suites: the real app served on loopback (so webhooks arrive over HTTP), talking
// to the Paystack emulator on its own loopback port, exactly as it would talk to Paystack.

export const SECRET = 'sk_test_depot_suite_0123456789abcdef'
export const SUCCESS_CARD = '4084084084084081'
export const DECLINED_CARD = '4084080000005408'
export const NO_FUNDS_CARD = '5060666666666666666'
export const REFUND_FAILS_CARD = '4084080000000409'

export interface ShopTest {
  t: TestApp
  paystack: StandaloneEmulator
  appUrl: string
}

export async function shopApp(): Promise<ShopTest> {
  let appUrl = ''
  const paystack = await startPaystackEmulator({
    secretKey: SECRET,
    webhookUrl: () => `${appUrl}/api/payments/paystack/webhook`,
    retryDelaysMs: [50, 100, 200],
    refundDelayMs: 20,
  })
  const t = await createTestApp({
    env: {
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: 'pk_test_suite',
      PAYSTACK_BASE_URL: paystack.baseUrl,
    },
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  releaseWhenDone(async () => {
    await paystack.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return { t, paystack, appUrl }
}

export function product(t: TestApp, overrides: Partial<DB['products']> = {}) {
  return insertProduct(t.database.db, { product_url: 'https://example.com/guide', ...overrides })
}

export async function checkout(client: CookieClient, items: { product_id: string; quantity: number }[]) {
  const res = await client.json('/api/shop/checkout', 'POST', { items })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as CheckoutSession
}

export async function verify(client: CookieClient, reference: string) {
  const res = await client.json('/api/shop/orders/verify', 'POST', { reference })
  return res
}

export async function orderOf(t: TestApp, id: string) {
  return t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** Receipts queued and `ordered` notifications recorded for one order: fulfilment's two effects. */
export async function fulfilments(t: TestApp, orderId: string, reference: string) {
  const mails = await t.database.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('template', '=', 'order-receipt')
    .where('text_body', 'like', `%${reference}%`)
    .execute()
  const notes = await t.database.db
    .selectFrom('notifications')
    .select('id')
    .where('order_id', '=', orderId)
    .where('action', '=', 'ordered')
    .execute()
  return { mails: mails.length, notifications: notes.length }
}

/** Waits until the emulator's webhooks and refunds have all been delivered (or given up). */
export async function settled(s: ShopTest) {
  await s.paystack.emulator.idle()
}

/** Pays through the emulator's checkout form, as the buyer's browser does; returns the redirect. */
export async function payWithForm(s: ShopTest, session: CheckoutSession, card: string) {
  const res = await fetch(`${s.paystack.baseUrl}/checkout/${session.access_code}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card, intent: 'pay' }).toString(),
    redirect: 'manual',
  })
  return res
}
