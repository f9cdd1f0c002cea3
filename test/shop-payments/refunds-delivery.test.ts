import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { call } from '../support/typed-client'
import {
  checkout,
  orderOf,
  product,
  REFUND_FAILS_CARD,
  type ShopTest,
  SUCCESS_CARD,
  settled,
  shopApp,
} from './helpers'

// Refunds, delivery and who sees what: full, partial, over-refund refused and a failed
// refund; download links that expire and close with a refund; staff functions.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})
beforeEach(() => s.paystack.emulator.reset())

async function fileProduct(content: string | Buffer = 'the whole book') {
  const stored = await s.t.deps.storage.put(Readable.from([Buffer.from(content)]))
  return product(s.t, {
    price: 10000,
    product_url: null,
    deliveryFileKey: stored.key,
    deliveryFileName: 'book.pdf',
    deliveryFileType: 'application/pdf',
    deliveryFileSize: stored.size,
    deliveryFileSha256: stored.sha256,
  })
}

async function paidOrder(card = SUCCESS_CARD, content?: string | Buffer) {
  const buyer = await signedIn(s.t)
  const p = await fileProduct(content)
  const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
  s.paystack.emulator.pay(session.access_code, card)
  await settled(s)
  expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
  return { buyer, session, product: p }
}

async function refund(client: Awaited<ReturnType<typeof signedIn>>['client'], orderId: string, body: object) {
  return client.json(`/api/staff/orders/${orderId}/refunds`, 'POST', body)
}

describe('refunds', () => {
  it('a full refund: paid → refund_pending → refunded, and the downloads close', async () => {
    const { buyer, session } = await paidOrder()
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    const link = new URL(page.deliverables[0]!.url)
    expect((await s.t.request(link.pathname)).status).toBe(200)

    const res = await refund(staff.client, session.order_id, { reason: 'asked by buyer' })
    expect(res.status).toBe(202)
    expect((await res.json()).status).toBe('refund_pending')
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('refunded')
    expect((await s.t.request(link.pathname)).status).toBe(403)
    const after = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(after.deliverables).toEqual([])
    const detail = await call(staff.client, 'GET', `/api/staff/orders/${session.order_id}`)
    expect(
      detail.events.filter((e: { kind: string }) => e.kind === 'status').map((e) => e.to_status),
    ).toEqual(['pending', 'paid', 'refund_pending', 'refunded'])
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: 10000, status: 'processed' })])
    const updates = await s.t.database.db
      .selectFrom('notifications')
      .select('action')
      .where('order_id', '=', session.order_id)
      .execute()
    expect(updates.map((n) => n.action).sort()).toEqual(['ordered', 'updated'])
  })

  it('partial refunds return to paid; over-refunding is refused', async () => {
    const { session } = await paidOrder()
    const admin = await signedIn(s.t, { role: 'admin' })
    expect((await refund(admin.client, session.order_id, { amount: 4000 })).status).toBe(202)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    const over = await refund(admin.client, session.order_id, { amount: 6001 })
    expect(over.status).toBe(422)
    expect((await over.json()).errors.amount[0]).toMatch(/more than remains/)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect((await refund(admin.client, session.order_id, { amount: 6000 })).status).toBe(202)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('refunded')
    expect((await refund(admin.client, session.order_id, { amount: 1 })).status).toBe(409)
  })

  it('a failed refund goes back to paid with an alert', async () => {
    const { session } = await paidOrder(REFUND_FAILS_CARD)
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    expect((await refund(staff.client, session.order_id, {})).status).toBe(202)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    const detail = await call(staff.client, 'GET', `/api/staff/orders/${session.order_id}`)
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'failed' })])
    expect(detail.events.some((e: { kind: string }) => e.kind === 'alert')).toBe(true)
    expect(detail.abilities.refund).toBe(true)
  })

  it('replayed refund webhooks change nothing twice', async () => {
    const { session } = await paidOrder()
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    s.paystack.emulator.controls.duplicates = 2
    expect((await refund(staff.client, session.order_id, { amount: 2500 })).status).toBe(202)
    await settled(s)
    const events = await s.t.database.db
      .selectFrom('order_events')
      .select('to_status')
      .where('order_id', '=', session.order_id)
      .where('kind', '=', 'status')
      .execute()
    expect(events.map((e) => e.to_status)).toEqual(['pending', 'paid', 'refund_pending', 'paid'])
  })
})

describe('delivery', () => {
  it('a bought file resumes like any stored file: ETag, a range from 90 %, If-Range, 304 and 416', async () => {
    const content = randomBytes(200_000)
    const { buyer, session } = await paidOrder(SUCCESS_CARD, content)
    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    const path = new URL(page.deliverables[0]!.url).pathname
    const whole = await s.t.request(path)
    const etag = whole.headers.get('etag')
    expect(etag).toBe(`"${createHash('sha256').update(content).digest('base64url')}"`)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true)

    // The connection dropped at 90 %: the rest, as long as the file is the one the first part came from.
    const from = 180_000
    const rest = await s.t.request(path, { headers: { Range: `bytes=${from}-`, 'If-Range': etag! } })
    expect(rest.status).toBe(206)
    expect(rest.headers.get('content-range')).toBe(`bytes ${from}-${content.length - 1}/${content.length}`)
    expect(rest.headers.get('content-length')).toBe(String(content.length - from))
    expect(rest.headers.get('etag')).toBe(etag)
    expect(Buffer.from(await rest.arrayBuffer()).equals(content.subarray(from))).toBe(true)

    // Another file than the one the first part came from: the whole file, never a mix of two.
    const stale = await s.t.request(path, { headers: { Range: `bytes=${from}-`, 'If-Range': '"stale"' } })
    expect(stale.status).toBe(200)
    expect(Buffer.from(await stale.arrayBuffer()).equals(content)).toBe(true)

    expect((await s.t.request(path, { headers: { 'If-None-Match': etag! } })).status).toBe(304)
    const outside = await s.t.request(path, { headers: { Range: `bytes=${content.length}-` } })
    expect(outside.status).toBe(416)
    expect(outside.headers.get('content-range')).toBe(`bytes */${content.length}`)
  })

  it('download links work for a paid order, expire, and are refused for unpaid orders', async () => {
    const { buyer, session } = await paidOrder()
    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(page.deliverables).toEqual([expect.objectContaining({ kind: 'file', file_name: 'book.pdf' })])
    const path = new URL(page.deliverables[0]!.url).pathname
    const res = await s.t.request(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('book.pdf')
    expect(await res.text()).toBe('the whole book')
    // Sent like every stored file: no cache may keep it, never shown as a page, and resumable.
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const part = await s.t.request(path, { headers: { Range: 'bytes=4-8' } })
    expect(part.status).toBe(206)
    expect(await part.text()).toBe('whole')
    // The receipt carries a link too.
    const mail = await s.t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', 'order-receipt')
      .where('text_body', 'like', `%${session.reference}%`)
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain('/api/shop/downloads/')
    expect(mail.html_body).toContain('/api/shop/downloads/')

    s.t.clock.advance(61 * 60 * 1000)
    expect((await s.t.request(path)).status).toBe(404)
    s.t.clock.advance(-61 * 60 * 1000)
    expect((await s.t.request(`${path}x`)).status).toBe(404)

    // An unpaid order shows no deliverables, and a forged claim on it is refused.
    const unpaid = await checkout(buyer.client, [{ product_id: (await fileProduct()).id, quantity: 1 }])
    const shown = await call(buyer.client, 'GET', `/api/shop/orders/${unpaid.order_id}`)
    expect(shown.deliverables).toEqual([])
    const { downloadToken } = await import('../../src/server/features/shop/orders/orders.downloads')
    const token = downloadToken(s.t.deps.env, {
      orderId: unpaid.order_id,
      productId: shown.lines[0]!.product_id,
      expiresAt: Date.now() + 60_000,
    })
    await call(s.t, 'GET', `/api/shop/downloads/${token}`, undefined, 403)
  })
})

describe('who sees what', () => {
  it('only admins and AccessShop staff see all orders, export them or refund', async () => {
    const { buyer, session } = await paidOrder()
    const shop = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const uploader = await signedIn(s.t, { role: 'staff', functions: ['UploadProducts'] })
    const admin = await signedIn(s.t, { role: 'admin' })
    for (const who of [buyer, uploader]) {
      await call(who.client, 'GET', '/api/staff/orders', undefined, 403)
      await call(who.client, 'GET', '/api/staff/orders/export.csv', undefined, 403)
      await call(who.client, 'GET', `/api/staff/orders/${session.order_id}`, undefined, 403)
      expect((await refund(who.client, session.order_id, {})).status).toBe(403)
    }
    for (const who of [shop, admin]) {
      const list = await call(who.client, 'GET', `/api/staff/orders?q=${session.reference}`)
      expect(list.items.map((o: { id: string }) => o.id)).toEqual([session.order_id])
    }
    const filtered = await call(shop.client, 'GET', '/api/staff/orders?status=paid&pageSize=100')
    expect(filtered.items.every((o: { status: string }) => o.status === 'paid')).toBe(true)
    const csv = await shop.client.json(`/api/staff/orders/export.csv?q=${session.reference}`)
    expect(csv.status).toBe(200)
    const text = await csv.text()
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2)
    expect(text).toContain(session.reference)
    const audit = await s.t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'export')
      .execute()
    expect(audit.length).toBeGreaterThan(0)
    // The buyer's own history holds only their orders.
    const mine = await call(buyer.client, 'GET', '/api/shop/orders')
    expect(mine.items.map((o: { id: string }) => o.id)).toEqual([session.order_id])
    const buyerView = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(buyerView.events).toEqual([])
  })

  it('order notifications reach the buyer, admins and AccessShop staff, and nobody else', async () => {
    // Viewers first: new accounts do not see broadcasts older than themselves.
    const shop = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const uploader = await signedIn(s.t, { role: 'staff', functions: ['UploadProducts'] })
    const admin = await signedIn(s.t, { role: 'admin' })
    const stranger = await signedIn(s.t)
    // The factories stamp accounts with the real time; the app's clock stands still unless moved.
    s.t.clock.now = new Date(Date.now() + 1000)
    const { buyer, session } = await paidOrder()
    const seen = async (client: typeof buyer.client) => {
      const body = await call(client, 'GET', '/api/notifications?limit=100')
      return (body.items as { order_id: string | null; action: string }[])
        .filter((n) => n.order_id === session.order_id)
        .map((n) => n.action)
        .sort()
    }
    expect(await seen(shop.client)).toEqual(['ordered'])
    expect(await seen(admin.client)).toEqual(['ordered'])
    expect(await seen(uploader.client)).toEqual([])
    expect(await seen(stranger.client)).toEqual([])
    // The buyer acted for `ordered` (the receipt tells them); an update by Paystack reaches them.
    expect(await seen(buyer.client)).toEqual([])
    expect((await refund(admin.client, session.order_id, {})).status).toBe(202)
    await settled(s)
    expect(await seen(buyer.client)).toEqual(['updated'])
    expect(await seen(uploader.client)).toEqual([])
  })
})
