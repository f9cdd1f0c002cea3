import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { call, offContract } from '../support/typed-client'
import {
  checkout,
  DECLINED_CARD,
  fulfilments,
  NO_FUNDS_CARD,
  orderOf,
  payWithForm,
  product,
  type ShopTest,
  SUCCESS_CARD,
  settled,
  shopApp,
  verify,
} from './helpers'

// Checkout and the buyer's side of payment: the server prices the cart, Paystack's word
// decides paid through verify or the webhook, and fulfilment happens once.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})
beforeEach(() => s.paystack.emulator.reset())

describe('checkout', () => {
  it('prices the cart on the server: a tampered client total is ignored', async () => {
    const { client } = await signedIn(s.t)
    const a = await product(s.t, { price: 150000 })
    const b = await product(s.t, { price: 2500 })
    const session = await call(
      client,
      'POST',
      '/api/shop/checkout',
      offContract({
        items: [
          { product_id: a.id, quantity: 1, amount: 1, price: 1 },
          { product_id: b.id, quantity: 2 },
        ],
        total: 1,
        currency: 'USD',
      }),
      201,
    )
    expect(session).toMatchObject({
      total: 155000,
      currency: 'NGN',
      public_key: 'pk_test_suite',
      // PAYSTACK_BASE_URL is the standalone emulator, not Paystack: the browser pays on its page.
      emulated: true,
      checkout_url: `${s.paystack.baseUrl}/checkout/${session.access_code}`,
    })
    const order = await orderOf(s.t, session.order_id)
    expect(order).toMatchObject({
      total: 155000,
      currency: 'NGN',
      status: 'pending',
      trxref: session.reference,
    })
    const lines = await s.t.database.db
      .selectFrom('product_orders')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute()
    expect(lines.map((l) => [l.product_id, l.quantity, Number(l.amount)]).sort()).toEqual(
      [
        [a.id, 1, 150000],
        [b.id, 2, 2500],
      ].sort(),
    )
    expect(s.paystack.emulator.transaction(session.reference)).toMatchObject({
      amount: 155000,
      currency: 'NGN',
    })
  })

  it('keeps old orders as they were when a price changes later', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t, { price: 1000 })
    const session = await checkout(client, [{ product_id: p.id, quantity: 3 }])
    await s.t.database.db.updateTable('products').set({ price: 9999 }).where('id', '=', p.id).execute()
    const body = await call(client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(body.total).toBe(3000)
    expect(body.lines[0]).toMatchObject({ quantity: 3, amount: 1000 })
  })

  it('refuses unpublished and deleted products, unverified and restricted buyers, and anonymous callers', async () => {
    const { client } = await signedIn(s.t)
    const draft = await product(s.t, { isPublished: false })
    const gone = await product(s.t, { deletedAt: new Date().toISOString() })
    for (const p of [draft, gone]) {
      await call(
        client,
        'POST',
        '/api/shop/checkout',
        {
          items: [{ product_id: p.id, quantity: 1 }],
        },
        422,
      )
    }
    const ok = await product(s.t)
    // Unverified people cannot hold a session at all; restricted ones are signed out to the API.
    for (const overrides of [{ emailVerified: null }, { isRestricted: true }]) {
      const who = await signedIn(s.t, { ...overrides })
      const res = await who.client.json('/api/shop/checkout', 'POST', {
        items: [{ product_id: ok.id, quantity: 1 }],
      })
      expect([401, 403]).toContain(res.status)
      const theirs = await s.t.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', who.id)
        .execute()
      expect(theirs).toEqual([])
    }
    await call(s.t, 'POST', '/api/shop/checkout', { items: [{ product_id: ok.id, quantity: 1 }] }, 401)
    await call(
      client,
      'POST',
      '/api/shop/checkout',
      {
        items: [{ product_id: ok.id, quantity: 0 }],
      },
      422,
    )
  })

  it('resumes the same transaction when Pay is pressed again', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const first = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    const again = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    expect(again).toMatchObject({
      order_id: first.order_id,
      reference: first.reference,
      access_code: first.access_code,
    })
    const resumed = await call(client, 'POST', `/api/shop/orders/${first.order_id}/pay`, undefined, 200)
    expect(resumed.access_code).toBe(first.access_code)
    const other = await checkout(client, [{ product_id: p.id, quantity: 2 }])
    expect(other.reference).not.toBe(first.reference)
  })
})

describe('paying', () => {
  it('popup: the browser reports success, the server verifies and fulfils once', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.controls.drop = true // only the verify call decides here
    expect(s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)).toBe('paid')
    const res = await verify(client, session.reference)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ verified: true, order: { status: 'paid' } })
    expect(body.order.deliverables).toEqual([
      expect.objectContaining({ kind: 'link', url: 'https://example.com/guide' }),
    ])
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
  })

  it('redirect: the checkout page sends the browser to the callback, which verifies', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    const page = await fetch(`${s.paystack.baseUrl}/checkout/${session.access_code}`)
    expect(await page.text()).toContain('TEST MODE')
    s.paystack.emulator.controls.hold = true
    const res = await payWithForm(s, session, SUCCESS_CARD)
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location') ?? '')
    expect(location.pathname).toBe('/shop/checkout/callback')
    expect(location.searchParams.get('reference')).toBe(session.reference)
    const verified = await (await verify(client, location.searchParams.get('reference') ?? '')).json()
    expect(verified.order.status).toBe('paid')
    // The webhook arriving afterwards changes nothing.
    s.paystack.emulator.webhooks.release()
    await settled(s)
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
  })

  it('webhook only: the buyer never comes back, the signed webhook pays the order', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(client, [{ product_id: p.id, quantity: 2 }])
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
    // Webhook before redirect: the callback then only shows the paid order.
    const outbox = await s.t.database.db.selectFrom('mail_outbox').select('id').execute()
    const res = await verify(client, session.reference)
    expect((await res.json()).order.status).toBe('paid')
    // Reloading the callback sends nothing again.
    await verify(client, session.reference)
    expect(await s.t.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(outbox.length)
  })

  it('declined, then success on the same reference', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    const declined = await payWithForm(s, session, DECLINED_CARD)
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('Declined')
    expect((await (await verify(client, session.reference)).json()).order.status).toBe('failed')
    // Pay again resumes the same transaction.
    const resumed = await call(client, 'POST', `/api/shop/orders/${session.order_id}/pay`)
    expect(resumed.reference).toBe(session.reference)
    expect((await payWithForm(s, session, NO_FUNDS_CARD)).status).toBe(402)
    expect((await payWithForm(s, session, SUCCESS_CARD)).status).toBe(303)
    await settled(s)
    expect((await (await verify(client, session.reference)).json()).order.status).toBe('paid')
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
  })

  it.each([
    ['underpaid', { chargeAmount: 100 }],
    ['wrong currency', { chargeCurrency: 'USD' }],
  ])('%s: money arrived but does not match → needs_review, no fulfilment', async (_name, control) => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    Object.assign(s.paystack.emulator.controls, control)
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('needs_review')
    expect((await (await verify(client, session.reference)).json()).order.status).toBe('needs_review')
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 0,
      notifications: 0,
    })
    const updated = await s.t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', '=', session.order_id)
      .execute()
    expect(updated.map((n) => n.action)).toEqual(['updated'])
  })

  it("refuses someone else's reference and order", async () => {
    const buyer = await signedIn(s.t)
    const other = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.controls.drop = true
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    expect((await verify(other.client, session.reference)).status).toBe(404)
    await call(other.client, 'GET', `/api/shop/orders/${session.order_id}`, undefined, 404)
    await call(other.client, 'POST', `/api/shop/orders/${session.order_id}/pay`, undefined, 404)
    // Nothing moved because of the stranger's call.
    expect((await orderOf(s.t, session.order_id)).status).toBe('pending')
  })

  it('a Paystack outage leaves the order pending; the next verify settles it', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.controls.drop = true
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    s.paystack.emulator.controls.outage = true
    const down = await (await verify(client, session.reference)).json()
    expect(down).toMatchObject({ verified: false, order: { status: 'pending' } })
    s.paystack.emulator.controls.outage = false
    const up = await (await verify(client, session.reference)).json()
    expect(up).toMatchObject({ verified: true, order: { status: 'paid' } })
  })

  it('a Paystack outage at checkout is a 503 Problem with Retry-After, not a 500', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t)
    s.paystack.emulator.controls.outage = true
    const res = await client.json('/api/shop/checkout', 'POST', {
      items: [{ product_id: p.id, quantity: 1 }],
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toMatchObject({ status: 503, code: 'service_unavailable' })
  })
})
