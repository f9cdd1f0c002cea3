import { createHash } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { TEST_ORIGIN } from '../support/test-app'
import { call } from '../support/typed-client'
import { checkout, orderOf, product, type ShopTest, SUCCESS_CARD, settled, shopApp } from './helpers'

// A paid order keeps the exact file it bought (decision 0049): the settlement snapshots each line's
// file, downloads serve the snapshot, a blob stays while its product or an unrefunded order names it,
// and goes through the blob-deletion queue when the last one lets go. Staff may send a new file to
// past buyers, who are told.

let s: ShopTest
let manager: CookieClient
let shopStaff: CookieClient
beforeAll(async () => {
  s = await shopApp()
  manager = (await signedIn(s.t, { role: 'staff', functions: ['UploadProducts'] })).client
  shopStaff = (await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })).client
})
beforeEach(() => s.paystack.emulator.reset())

async function uploadFile(productId: string, name: string, content: string, query = '') {
  const res = await manager.request(
    `/api/shop/products/${productId}/file?name=${encodeURIComponent(name)}${query}`,
    { method: 'PUT', headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/pdf' }, body: content },
  )
  expect(res.status, await res.clone().text()).toBe(200)
  return (await productRow(productId)).deliveryFileKey!
}

async function productRow(id: string) {
  return s.t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function fileProduct(content: string) {
  const p = await product(s.t, { price: 5000, product_url: null, isPublished: false })
  const key = await uploadFile(p.id, 'book-v1.pdf', content)
  await s.t.database.db.updateTable('products').set({ isPublished: true }).where('id', '=', p.id).execute()
  return { id: p.id, key }
}

async function buy(productId: string) {
  const buyer = await signedIn(s.t)
  const session = await checkout(buyer.client, [{ product_id: productId, quantity: 1 }])
  s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
  await settled(s)
  expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
  return { ...buyer, orderId: session.order_id }
}

/** Follows the order page's download link, as the buyer's browser does. */
async function download(buyer: { client: CookieClient }, orderId: string) {
  const page = await call(buyer.client, 'GET', `/api/shop/orders/${orderId}`)
  expect(page.deliverables).toHaveLength(1)
  const res = await s.t.request(new URL(page.deliverables[0]!.url).pathname)
  return { status: res.status, body: await res.text(), fileName: page.deliverables[0]!.file_name as string }
}

async function queued(key: string) {
  const row = await s.t.database.db
    .selectFrom('blob_deletions')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst()
  return row !== undefined
}

async function drainBlobs() {
  await drainBlobDeletions(s.t.database.db, s.t.deps.storage, s.t.clock.now)
}

async function fullRefund(orderId: string) {
  const res = await shopStaff.json(`/api/staff/orders/${orderId}/refunds`, 'POST', {})
  expect(res.status, await res.clone().text()).toBe(202)
  await settled(s)
  expect((await orderOf(s.t, orderId)).status).toBe('refunded')
}

describe('a paid order keeps the file it bought', () => {
  it('snapshots the file at payment: name, type, size and hash', async () => {
    const p = await fileProduct('version one')
    const buyer = await buy(p.id)
    const line = await s.t.database.db
      .selectFrom('product_orders')
      .selectAll()
      .where('order_id', '=', buyer.orderId)
      .executeTakeFirstOrThrow()
    expect(line).toMatchObject({
      deliveryFileKey: p.key,
      deliveryFileName: 'book-v1.pdf',
      deliveryFileType: 'application/pdf',
      deliveryFileSha256: createHash('sha256').update('version one').digest('hex'),
    })
    expect(Number(line.deliveryFileSize)).toBe('version one'.length)
  })

  it('replacing the file: the old buyer downloads the old bytes, a new buyer the new', async () => {
    const p = await fileProduct('version one')
    const early = await buy(p.id)
    const second = await uploadFile(p.id, 'book-v2.pdf', 'version two')
    // An unrefunded order names the old blob: it is not queued, and the queue's job leaves it be.
    expect(await queued(p.key)).toBe(false)
    await drainBlobs()
    const late = await buy(p.id)
    expect(await download(early, early.orderId)).toEqual({
      status: 200,
      body: 'version one',
      fileName: 'book-v1.pdf',
    })
    expect(await download(late, late.orderId)).toEqual({
      status: 200,
      body: 'version two',
      fileName: 'book-v2.pdf',
    })
    expect(second).not.toBe(p.key)
  })

  it('removing the file or deleting the product: the old buyer still downloads', async () => {
    const p = await fileProduct('kept for the buyer')
    const buyer = await buy(p.id)
    // A product on sale needs something to deliver: take it off sale, then remove its file.
    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { isPublished: false }, 200)
    await call(manager, 'DELETE', `/api/shop/products/${p.id}/file`, undefined, 204)
    expect((await productRow(p.id)).deliveryFileKey).toBeNull()
    expect(await queued(p.key)).toBe(false)
    expect((await download(buyer, buyer.orderId)).body).toBe('kept for the buyer')
    expect(await call(manager, 'DELETE', `/api/shop/products/${p.id}`)).toEqual({
      outcome: 'hidden',
    })
    await drainBlobs()
    expect((await download(buyer, buyer.orderId)).body).toBe('kept for the buyer')
  })

  it('the full refund of the last order naming a replaced file queues its blob for deletion', async () => {
    const p = await fileProduct('refund me')
    const first = await buy(p.id)
    const second = await buy(p.id)
    await uploadFile(p.id, 'book-v2.pdf', 'newer')
    await fullRefund(first.orderId)
    // The second order still names it.
    expect(await queued(p.key)).toBe(false)
    expect((await download(second, second.orderId)).body).toBe('refund me')
    await fullRefund(second.orderId)
    expect(await queued(p.key)).toBe(true)
    await drainBlobs()
    expect(await s.t.deps.storage.exists(p.key)).toBe(false)
  })

  it('a full refund keeps a file the product still offers', async () => {
    const p = await fileProduct('still for sale')
    const buyer = await buy(p.id)
    await fullRefund(buyer.orderId)
    expect(await queued(p.key)).toBe(false)
    expect(await s.t.deps.storage.exists(p.key)).toBe(true)
  })

  it('a file replaced on a product nobody bought is queued at once', async () => {
    const p = await fileProduct('never sold')
    await uploadFile(p.id, 'book-v2.pdf', 'newer')
    expect(await queued(p.key)).toBe(true)
  })
})

describe('sending the update to past buyers', () => {
  it('moves paid orders to the new file and tells their buyers; the old blob goes', async () => {
    const p = await fileProduct('old edition')
    const buyer = await buy(p.id)
    const refunded = await buy(p.id)
    await fullRefund(refunded.orderId)
    const other = await fileProduct('another product')
    const otherBuyer = await buy(other.id)

    const newKey = await uploadFile(p.id, 'book-v2.pdf', 'new edition', '&updatePastBuyers=true')
    expect(await download(buyer, buyer.orderId)).toEqual({
      status: 200,
      body: 'new edition',
      fileName: 'book-v2.pdf',
    })
    // Nobody names the old file any more: it goes through the queue.
    expect(await queued(p.key)).toBe(true)
    expect(await queued(newKey)).toBe(false)
    await drainBlobs()
    expect(await s.t.deps.storage.exists(p.key)).toBe(false)
    expect(await s.t.deps.storage.exists(newKey)).toBe(true)
    // The buyer is told, on their order; nobody else is.
    const notes = async (client: CookieClient) => {
      const res = await call(client, 'GET', '/api/notifications?limit=100')
      const body = res as { items: { action: string; subItem: string | null }[] }
      return body.items.filter((n) => n.subItem?.startsWith('new version of'))
    }
    expect(await notes(buyer.client)).toEqual([
      expect.objectContaining({ action: 'updated', subItem: expect.stringContaining('new version of') }),
    ])
    expect(await notes(refunded.client)).toEqual([])
    expect(await notes(otherBuyer.client)).toEqual([])
    // The refunded order and the other product's buyer are untouched.
    expect((await download(otherBuyer, otherBuyer.orderId)).body).toBe('another product')
  })

  it('without the tick, past buyers keep their file and hear nothing', async () => {
    const p = await fileProduct('first print')
    const buyer = await buy(p.id)
    await uploadFile(p.id, 'book-v2.pdf', 'second print', '&updatePastBuyers=false')
    expect((await download(buyer, buyer.orderId)).body).toBe('first print')
    const res = await call(buyer.client, 'GET', '/api/notifications?limit=100')
    const body = res as { items: { subItem: string | null }[] }
    expect(body.items.filter((n) => n.subItem?.startsWith('new version of'))).toEqual([])
  })

  it('refuses a tick that is not yes or no', async () => {
    const p = await fileProduct('x')
    const res = await manager.request(`/api/shop/products/${p.id}/file?name=a.pdf&updatePastBuyers=maybe`, {
      method: 'PUT',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/pdf' },
      body: 'y',
    })
    expect(res.status).toBe(422)
  })
})
