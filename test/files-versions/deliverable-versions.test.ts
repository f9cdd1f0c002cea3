import { beforeAll, describe, expect, it } from 'vitest'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import {
  checkout,
  orderOf,
  product,
  type ShopTest,
  SUCCESS_CARD,
  settled,
  shopApp,
} from '../shop-payments/helpers'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { TEST_ORIGIN } from '../support/test-app'
import { call } from '../support/typed-client'

// A product's deliverable is versioned by its paid orders (docs/decisions/0088, 0049): each order line
// keeps the blob it sold, a blob reference like a file version's, so replacing the deliverable leaves
// the buyer downloading the bytes they paid for, and the blob outlives the deletion queue.

let s: ShopTest
let manager: CookieClient
beforeAll(async () => {
  s = await shopApp()
  manager = (await signedIn(s.t, { role: 'staff', functions: ['UploadProducts'] })).client
})

async function putDeliverable(productId: string, name: string, content: string) {
  const res = await manager.request(`/api/shop/products/${productId}/file?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/pdf' },
    body: content,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

describe('a paid order keeps the version of the deliverable it bought', () => {
  it('delivers the bought bytes after the deliverable is replaced, and keeps their blob', async () => {
    const p = await product(s.t, { price: 5000, product_url: null, isPublished: false })
    await putDeliverable(p.id, 'guide.pdf', 'the guide, edition one')
    await s.t.database.db.updateTable('products').set({ isPublished: true }).where('id', '=', p.id).execute()
    const buyer = await signedIn(s.t)
    const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')

    await putDeliverable(p.id, 'guide.pdf', 'the guide, edition two')
    await drainBlobDeletions(s.t.database.db, s.t.deps.storage, s.t.clock.now)

    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    const res = await s.t.request(new URL(page.deliverables[0]!.url).pathname)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('the guide, edition one')
  })

  it('keeps the bought version through two replacements, drops unbought ones, and moves buyers on request', async () => {
    const db = s.t.database.db
    const p = await product(s.t, { price: 5000, product_url: null, isPublished: false })
    await putDeliverable(p.id, 'notes.pdf', 'notes, edition one')
    await db.updateTable('products').set({ isPublished: true }).where('id', '=', p.id).execute()
    const buyer = await signedIn(s.t)
    const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
    await settled(s)
    const line = () =>
      db
        .selectFrom('product_orders')
        .select('deliveryVersionId')
        .where('order_id', '=', session.order_id)
        .executeTakeFirstOrThrow()
    const versions = () =>
      db.selectFrom('file_versions').select(['id', 'path']).where('product_id', '=', p.id).execute()
    const bought = (await line()).deliveryVersionId
    expect(bought).not.toBeNull()

    await putDeliverable(p.id, 'notes.pdf', 'notes, edition two')
    await putDeliverable(p.id, 'notes.pdf', 'notes, edition three')
    await drainBlobDeletions(db, s.t.deps.storage, s.t.clock.now)
    // Edition one is held by the paid order; two was never bought and went; three is current.
    const current = await db
      .selectFrom('products')
      .select('deliveryVersionId')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect((await versions()).map((v) => v.id).sort()).toEqual([bought, current.deliveryVersionId].sort())
    const download = async () => {
      const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
      const res = await s.t.request(new URL(page.deliverables[0]!.url).pathname)
      expect(res.status).toBe(200)
      return res.text()
    }
    expect(await download()).toBe('notes, edition one')
    // Staff see both: the current one held by no order, the bought one by one paid order.
    const list = await call(manager, 'GET', `/api/shop/products/${p.id}/file/versions`)
    expect(list.versions).toHaveLength(2)
    expect(list.versions[0]).toMatchObject({ current: true, paid_orders: 0, size: 20 })
    expect(list.versions[1]).toMatchObject({ id: bought, current: false, paid_orders: 1, size: 18 })
    expect(list.versions[0]!.created_by).toEqual(expect.any(String))
    await call(buyer.client, 'GET', `/api/shop/products/${p.id}/file/versions`, undefined, 403)

    const res = await manager.request(
      `/api/shop/products/${p.id}/file?name=notes.pdf&updatePastBuyers=true`,
      {
        method: 'PUT',
        headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/pdf' },
        body: 'notes, edition four',
      },
    )
    expect(res.status, await res.clone().text()).toBe(200)
    await drainBlobDeletions(db, s.t.deps.storage, s.t.clock.now)
    const now = await db
      .selectFrom('products')
      .select('deliveryVersionId')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect((await line()).deliveryVersionId).toBe(now.deliveryVersionId)
    expect((await versions()).map((v) => v.id)).toEqual([now.deliveryVersionId])
    expect(await download()).toBe('notes, edition four')
  })
})
