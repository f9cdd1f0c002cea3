import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { checkout, orderOf, product, SUCCESS_CARD, settled, shopApp } from '../shop-payments/helpers'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The request log must not carry working credentials: a download link's token is in its path.

describe('the request log', () => {
  it('logs a signed download by its route, with the token redacted', async () => {
    const s = await shopApp()
    const stored = await s.t.deps.storage.put(Readable.from([Buffer.from('the whole book')]))
    const p = await product(s.t, {
      price: 10000,
      product_url: null,
      deliveryFileKey: stored.key,
      deliveryFileName: 'book.pdf',
      deliveryFileType: 'application/pdf',
      deliveryFileSize: stored.size,
    })
    const buyer = await signedIn(s.t)
    const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    const path = new URL(page.deliverables[0]!.url).pathname
    const token = path.split('/').at(-1)!
    expect(token.length).toBeGreaterThan(20)

    const before = s.t.logs.lines.length
    const res = await s.t.request(path)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('the whole book')
    const logged = s.t.logs.lines.slice(before)
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'request', path: '/api/shop/downloads/[redacted]', status: 200 }),
    )
    expect(JSON.stringify(logged)).not.toContain(token)
    // Refused links are not logged either (a wrong token is still someone's guess at a credential).
    await s.t.request(`${path}x`)
    expect(s.t.logs.text).not.toContain(token)
  })

  it('keeps ordinary paths readable, and redacts an opaque segment no route names', async () => {
    const t = await createTestApp()
    await t.request('/api/shop/products/not-a-uuid')
    const opaque = 'eyJvIjoieCJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
    await t.request(`/api/unknown/${opaque}/more`)
    const paths = t.logs.lines.filter((l) => l.msg === 'request').map((l) => l.path)
    expect(paths).toEqual(['/api/shop/products/not-a-uuid', '/api/unknown/[redacted]/more'])
    expect(t.logs.text).not.toContain(opaque)
  })
})
