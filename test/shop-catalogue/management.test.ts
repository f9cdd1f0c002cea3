import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { drainBlobDeletions } from '../../src/server/lib/storage/blob-deletions'
import type { ProductDetail } from '../../src/shared/contract/shop/products'
import { insertOrder, insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { picture, productInput, upload } from './helpers'

// Product management (product.md §3): who may manage, price validation, publishing and its
// notifications, covers resized and cached, a private deliverable file, deleting (an ordered product
// is only hidden), and the staff table's CSV export of exactly the filtered rows.

let t: TestApp
let manager: CookieClient
let managerUser: { id: string; name: string }
let admin: CookieClient
let user: CookieClient
let shopStaff: CookieClient

beforeAll(async () => {
  t = await createTestApp()
  const m = await signedIn(t, {
    role: 'staff',
    functions: ['UploadProducts'],
    first_name: 'Uma',
    last_name: 'Uploader',
  })
  manager = m.client
  managerUser = m
  admin = (await signedIn(t, { role: 'admin' })).client
  user = (await signedIn(t)).client
  shopStaff = (
    await signedIn(t, { role: 'staff', functions: ['AccessShop', 'ManageFolders', 'ManageFeedback'] })
  ).client
  // New accounts see no broadcasts older than themselves: act after they were made.
  t.clock.advance(60_000)
})

async function create(overrides: Record<string, unknown> = {}): Promise<ProductDetail> {
  const res = await call(manager, 'POST', '/api/shop/products', productInput(overrides), 201)
  return res as ProductDetail
}

/** The keys among `keys` that wait in the files feature's retried blob-deletion queue. */
async function queuedForDeletion(keys: readonly string[]): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('blob_deletions')
    .select('key')
    .where('key', 'in', keys)
    .execute()
  return rows.map((r) => r.key).sort()
}

async function productRow(id: string) {
  return t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** Runs the delete-blobs job once, as the app's periodic jobs do. */
async function drainBlobs() {
  await drainBlobDeletions(t.database.db, t.deps.storage, t.clock.now)
}

async function notificationsOf(client: CookieClient) {
  const res = await call(client, 'GET', '/api/notifications?limit=100', undefined, 200)
  return (res as { items: { action: string; type: string; mainItem: string | null }[] }).items.filter(
    (n) => n.type === 'product',
  )
}

describe('who may manage products', () => {
  it('refuses visitors (401) and users and other staff functions (403) on every management route', async () => {
    const p = await insertProduct(t.database.db)
    const calls: [string, string, unknown?][] = [
      ['/api/shop/products', 'POST', productInput()],
      [`/api/shop/products/${p.id}`, 'PATCH', { price: 1 }],
      [`/api/shop/products/${p.id}`, 'DELETE'],
      [`/api/shop/products/${p.id}/cover`, 'DELETE'],
      [`/api/shop/products/${p.id}/file`, 'DELETE'],
      ['/api/admin/products', 'GET'],
      ['/api/admin/products/export.csv', 'GET'],
    ]
    for (const [path, method, body] of calls) {
      expect((await t.request(path, { method, body })).status, `${method} ${path} anonymous`).toBe(401)
      for (const client of [user, shopStaff]) {
        expect((await client.json(path, method, body)).status, `${method} ${path}`).toBe(403)
      }
    }
    expect(
      (await upload(user, `/api/shop/products/${p.id}/cover`, await picture(10, 10), 'image/png')).status,
    ).toBe(403)
    expect(
      (await upload(shopStaff, `/api/shop/products/${p.id}/file?name=a.pdf`, 'x', 'application/pdf')).status,
    ).toBe(403)
    const row = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(row.price).toBe(p.price)
  })

  it('refuses uploads and changes from another site (CSRF), even from a manager', async () => {
    const p = await create()
    const cover = await manager.request(`/api/shop/products/${p.id}/cover`, {
      method: 'PUT',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'image/png' },
      body: await picture(10, 10),
    })
    expect(cover.status).toBe(403)
    const file = await manager.request(`/api/shop/products/${p.id}/file?name=x.bin`, {
      method: 'PUT',
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/octet-stream' },
      body: 'x',
    })
    expect(file.status).toBe(403)
    const row = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect([row.coverLargeKey, row.deliveryFileKey]).toEqual([null, null])
  })

  it('lets admins manage products too', async () => {
    await call(admin, 'POST', '/api/shop/products', productInput({ name: 'By the admin' }), 201)
  })
})

describe('creating and editing', () => {
  it('takes prices only as whole numbers of minor units, never negative or as text', async () => {
    for (const price of [12.5, -1, '1500', null, 1e20]) {
      const res = await call(manager, 'POST', '/api/shop/products', productInput({ price }), 422)
      const body = res as { errors: Record<string, string[]> }
      expect(Object.keys(body.errors)).toEqual(['price'])
    }
    expect((await create({ price: 0 })).price).toBe(0)
    expect((await create({ price: 150000 })).price).toBe(150000)
  })

  it('gives per-field errors and accepts only http(s) links', async () => {
    const res = await call(
      manager,
      'POST',
      '/api/shop/products',
      {
        name: '  ',
        type: 'x'.repeat(61),
        price: 1,
        product_url: 'javascript:alert(1)',
      },
      422,
    )
    const { errors } = res as { errors: Record<string, string[]> }
    expect(Object.keys(errors).sort()).toEqual(['name', 'product_url', 'type'])
  })

  it('will not publish a product with nothing to deliver', async () => {
    const res = await call(manager, 'POST', '/api/shop/products', productInput({ product_url: null }), 422)
    expect(Object.keys((res as { errors: object }).errors)).toEqual(['isPublished'])
    const draft = await create({ product_url: null, isPublished: false })
    expect(draft.isPublished).toBe(false)
  })

  it('announces a product to everyone once, when first published; later changes go to shop staff', async () => {
    const draft = await create({ name: 'Announced once', isPublished: false })
    expect((await notificationsOf(user)).some((n) => n.mainItem === 'Announced once')).toBe(false)
    const publish = await call(manager, 'PATCH', `/api/shop/products/${draft.id}`, { isPublished: true }, 200)
    expect(publish as ProductDetail).toMatchObject({ isPublished: true })
    await call(manager, 'PATCH', `/api/shop/products/${draft.id}`, { isPublished: false })
    await call(manager, 'PATCH', `/api/shop/products/${draft.id}`, { isPublished: true, price: 999 })

    const forUser = (await notificationsOf(user)).filter((n) => n.mainItem === 'Announced once')
    expect(forUser.map((n) => n.action)).toEqual(['created'])
    const forShop = (await notificationsOf(shopStaff)).filter((n) => n.mainItem === 'Announced once')
    expect(forShop.map((n) => n.action).sort()).toEqual(['created', 'updated', 'updated'])
    // The actor does not get their own notifications.
    expect((await notificationsOf(manager)).some((n) => n.mainItem === 'Announced once')).toBe(false)
    const row = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('mainItem', '=', 'Announced once')
      .where('action', '=', 'created')
      .executeTakeFirstOrThrow()
    expect(row.user_id).toBe(managerUser.id)
  })

  it('hides the announcement from users once the product is unpublished', async () => {
    const p = await create({ name: 'Briefly on sale' })
    expect((await notificationsOf(user)).some((n) => n.mainItem === 'Briefly on sale')).toBe(true)
    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { isPublished: false })
    expect((await notificationsOf(user)).some((n) => n.mainItem === 'Briefly on sale')).toBe(false)
  })
})

describe('covers', () => {
  it('stores a cover as WebP 400 and 1200 px wide and serves it with long caching once published', async () => {
    const p = await create({ isPublished: false })
    const res = await upload(
      manager,
      `/api/shop/products/${p.id}/cover`,
      await picture(2400, 1600),
      'image/png',
    )
    expect(res.status).toBe(200)
    const { cover_photo: cover } = (await res.json()) as { cover_photo: { small: string; large: string } }

    // A draft's cover: only managers, and never kept by a shared cache.
    expect((await t.request(cover.small)).status).toBe(404)
    const asManager = await manager.request(cover.small)
    expect(asManager.status).toBe(200)
    expect(asManager.headers.get('cache-control')).toBe('private, no-cache')

    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { isPublished: true })
    for (const [url, width, height] of [
      [cover.small, 400, 267],
      [cover.large, 1200, 800],
    ] as const) {
      const got = await t.request(url)
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe('image/webp')
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height])
      const etag = got.headers.get('etag')!
      expect((await t.request(url, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    }
    const page = (await call(t, 'GET', `/api/shop/products/${p.id}`)) as ProductDetail
    expect(page.cover_photo).toEqual(cover)
    expect(page).not.toHaveProperty('cover')
  })

  it('queues a replaced or removed cover for deletion, ordered or not', async () => {
    const p = await create({ isPublished: false })
    await upload(manager, `/api/shop/products/${p.id}/cover`, await picture(500, 500), 'image/png')
    const first = await productRow(p.id)
    const buyer = await signedIn(t)
    const order = await insertOrder(t.database.db, buyer.id, { status: 'paid', total: p.price })
    await t.database.db
      .insertInto('product_orders')
      .values({ product_id: p.id, order_id: order.id, quantity: 1, amount: p.price })
      .execute()
    await upload(manager, `/api/shop/products/${p.id}/cover`, await picture(600, 400), 'image/png')
    const second = await productRow(p.id)
    const firstKeys = [first.coverSmallKey!, first.coverLargeKey!]
    const secondKeys = [second.coverSmallKey!, second.coverLargeKey!]
    expect(await queuedForDeletion([...firstKeys, ...secondKeys])).toEqual([...firstKeys].sort())
    await call(manager, 'DELETE', `/api/shop/products/${p.id}/cover`)
    expect(await queuedForDeletion(secondKeys)).toEqual([...secondKeys].sort())
    await drainBlobs()
    for (const key of [...firstKeys, ...secondKeys]) expect(await t.deps.storage.exists(key)).toBe(false)
  })

  it('never enlarges a small picture, and refuses what is not an image', async () => {
    const p = await create()
    await upload(manager, `/api/shop/products/${p.id}/cover`, await picture(300, 200), 'image/png')
    const page = (await call(t, 'GET', `/api/shop/products/${p.id}`)) as ProductDetail
    const large = await t.request(page.cover_photo!.large)
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(300)
    const bad = await upload(manager, `/api/shop/products/${p.id}/cover`, 'not a picture', 'image/png')
    expect(bad.status).toBe(422)
    expect((await upload(manager, `/api/shop/products/${p.id}/cover`, 'x', 'text/html')).status).toBe(415)
  })
})

describe('the deliverable file', () => {
  it('streams into private storage and is never served publicly', async () => {
    const p = await create({ product_url: null, isPublished: false })
    const secret = 'the paid-for content'
    const res = await upload(
      manager,
      `/api/shop/products/${p.id}/file?name=${encodeURIComponent('Guide v2.pdf')}`,
      secret,
      'application/pdf',
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      deliveryFile: { name: 'Guide v2.pdf', type: 'application/pdf', size: secret.length },
    })
    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { isPublished: true })

    const row = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(row.product_url).toBeNull()
    expect(await t.deps.storage.exists(row.deliveryFileKey!)).toBe(true)
    // Neither the catalogue nor the product page tells the key or the link; no public route serves it.
    const publicBodies = [
      await (await t.request(`/api/shop/products/${p.id}`)).text(),
      await (await t.request('/api/shop/products?pageSize=100')).text(),
      await (await user.json(`/api/shop/products/${p.id}`)).text(),
    ]
    for (const body of publicBodies) {
      expect(body).not.toContain(row.deliveryFileKey!)
      expect(body).not.toContain('Guide v2.pdf')
    }
    for (const path of [
      `/api/shop/products/${p.id}/file`,
      `/api/shop/products/${p.id}/cover/400`,
      `/api/shop/products/${p.id}/cover/1200`,
    ]) {
      const got = await t.request(path)
      expect(got.status).toBeGreaterThanOrEqual(400)
      expect(await got.text()).not.toContain(secret)
    }
    // Managers see what buyers get.
    const managed = (await call(manager, 'GET', `/api/shop/products/${p.id}`)) as ProductDetail
    expect(managed.management?.deliveryFile).toEqual({
      name: 'Guide v2.pdf',
      type: 'application/pdf',
      size: secret.length,
    })
  })

  it('refuses a file declared larger than the cap before storing anything', async () => {
    const p = await create({ product_url: null, isPublished: false })
    const res = await manager.request(`/api/shop/products/${p.id}/file?name=big.iso`, {
      method: 'PUT',
      headers: {
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(3 * 1024 ** 3),
      },
      body: 'x',
    })
    expect(res.status).toBe(413)
    const row = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(row.deliveryFileKey).toBeNull()
  })

  it('is replaced by a link, and the old file removed when nobody ordered it', async () => {
    const p = await create({ product_url: null, isPublished: false })
    await upload(manager, `/api/shop/products/${p.id}/file?name=a.zip`, 'zip bytes', 'application/zip')
    const before = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    await call(
      manager,
      'PATCH',
      `/api/shop/products/${p.id}`,
      {
        product_url: 'https://example.com/dl',
      },
      200,
    )
    const after = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect([after.product_url, after.deliveryFileKey]).toEqual(['https://example.com/dl', null])
    // Queued for the retried deletion with the change, then gone once the job runs.
    expect(await queuedForDeletion([before.deliveryFileKey!])).toEqual([before.deliveryFileKey])
    await drainBlobs()
    expect(await t.deps.storage.exists(before.deliveryFileKey!)).toBe(false)
  })

  it('replacing or removing the file of a product nobody ordered queues the old blob for deletion', async () => {
    const p = await create({ product_url: null, isPublished: false })
    await upload(manager, `/api/shop/products/${p.id}/file?name=a.zip`, 'first', 'application/zip')
    const first = (await productRow(p.id)).deliveryFileKey!
    await upload(manager, `/api/shop/products/${p.id}/file?name=b.zip`, 'second', 'application/zip')
    const second = (await productRow(p.id)).deliveryFileKey!
    expect(await queuedForDeletion([first, second])).toEqual([first])
    await call(manager, 'DELETE', `/api/shop/products/${p.id}/file`)
    expect(await queuedForDeletion([first, second])).toEqual([first, second].sort())
    await drainBlobs()
    expect(await t.deps.storage.exists(first)).toBe(false)
    expect(await t.deps.storage.exists(second)).toBe(false)
  })

  it('keeps a replaced or removed file while a paid order names it, and only then', async () => {
    const p = await create({ product_url: null, isPublished: false })
    await upload(manager, `/api/shop/products/${p.id}/file?name=a.zip`, 'first', 'application/zip')
    const first = await productRow(p.id)
    const buyer = await signedIn(t)
    const order = await insertOrder(t.database.db, buyer.id, { status: 'paid', total: p.price })
    // As the settlement leaves it: the line names the file it bought.
    await t.database.db
      .insertInto('product_orders')
      .values({
        product_id: p.id,
        order_id: order.id,
        quantity: 1,
        amount: p.price,
        deliveryFileKey: first.deliveryFileKey,
        deliveryFileName: first.deliveryFileName,
        deliveryFileType: first.deliveryFileType,
        deliveryFileSize: first.deliveryFileSize,
        deliveryVersionId: first.deliveryVersionId,
      })
      .execute()
    await upload(manager, `/api/shop/products/${p.id}/file?name=b.zip`, 'second', 'application/zip')
    const second = (await productRow(p.id)).deliveryFileKey!
    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { product_url: 'https://example.com/dl' })
    // The bought file stays; the one nobody bought goes.
    expect(await queuedForDeletion([first.deliveryFileKey!, second])).toEqual([second])
    await drainBlobs()
    expect(await t.deps.storage.exists(first.deliveryFileKey!)).toBe(true)
    expect(await t.deps.storage.exists(second)).toBe(false)
  })
})

describe('deleting', () => {
  it('deletes a product nobody ordered, with its cover and file', async () => {
    const p = await create({ product_url: null, isPublished: false })
    await upload(manager, `/api/shop/products/${p.id}/cover`, await picture(500, 500), 'image/png')
    await upload(manager, `/api/shop/products/${p.id}/file?name=a.bin`, 'bytes', 'application/octet-stream')
    const row = await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    const res = await call(manager, 'DELETE', `/api/shop/products/${p.id}`)
    expect(res).toEqual({ outcome: 'deleted' })
    expect(
      await t.database.db.selectFrom('products').select('id').where('id', '=', p.id).executeTakeFirst(),
    ).toBeUndefined()
    const keys = [row.coverSmallKey!, row.coverLargeKey!, row.deliveryFileKey!]
    expect(await queuedForDeletion(keys)).toEqual([...keys].sort())
    await drainBlobs()
    for (const key of keys) expect(await t.deps.storage.exists(key)).toBe(false)
  })

  it('only hides an ordered product: gone from the shop, still readable for its order', async () => {
    const p = await create({ name: 'Bought once', product_url: null, isPublished: false })
    await upload(manager, `/api/shop/products/${p.id}/file?name=a.bin`, 'bytes', 'application/octet-stream')
    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { isPublished: true })
    const buyer = await signedIn(t)
    const order = await insertOrder(t.database.db, buyer.id, { status: 'paid', total: p.price })
    await t.database.db
      .insertInto('product_orders')
      .values({ product_id: p.id, order_id: order.id, quantity: 1, amount: p.price })
      .execute()

    const res = await call(manager, 'DELETE', `/api/shop/products/${p.id}`)
    expect(res).toEqual({ outcome: 'hidden' })
    const list = await call(t, 'GET', '/api/shop/products?pageSize=100&q=Bought')
    expect(list.total).toBe(0)
    await call(t, 'GET', `/api/shop/products/${p.id}`, undefined, 404)
    // The order still reads its product, and the buyer's file is kept.
    const line = await t.database.db
      .selectFrom('product_orders')
      .innerJoin('products', 'products.id', 'product_orders.product_id')
      .select(['products.name', 'products.deletedAt', 'products.deliveryFileKey', 'product_orders.amount'])
      .where('product_orders.order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(line.name).toBe('Bought once')
    expect(line.deletedAt).not.toBeNull()
    expect(await t.deps.storage.exists(line.deliveryFileKey!)).toBe(true)
    // A hidden product is read-only, even to managers.
    await call(manager, 'PATCH', `/api/shop/products/${p.id}`, { price: 1 }, 404)
    await call(manager, 'DELETE', `/api/shop/products/${p.id}`, undefined, 404)
    const deleted = (await notificationsOf(shopStaff)).filter((n) => n.mainItem === 'Bought once')
    expect(deleted.map((n) => n.action)).toContain('deleted')
  })
})

describe('the staff products table', () => {
  it('filters, searches, sorts and exports exactly the filtered rows as CSV (audited)', async () => {
    const db = t.database.db
    await insertProduct(db, { name: 'Zeta 50%_off', type: 'Table type', price: 300, isPublished: false })
    await insertProduct(db, { name: 'Zeta plain', type: 'Table type', price: 200 })
    await insertProduct(db, {
      name: 'Zeta gone',
      type: 'Table type',
      price: 100,
      deletedAt: new Date().toISOString(),
    })
    await insertProduct(db, { name: '=cmd|zeta', type: 'Table type', price: 400 })

    const page = await call(manager, 'GET', '/api/admin/products?type=Table%20type&sort=price&order=asc')
    expect(page.items.map((p: { name: string }) => p.name)).toEqual([
      'Zeta plain',
      'Zeta 50%_off',
      '=cmd|zeta',
    ])
    const drafts = await call(manager, 'GET', '/api/admin/products?type=Table%20type&state=draft')
    expect(drafts.items.map((p: { name: string }) => p.name)).toEqual(['Zeta 50%_off'])
    const literal = await call(manager, 'GET', '/api/admin/products?q=50%25_')
    expect(literal.items.map((p: { name: string }) => p.name)).toEqual(['Zeta 50%_off'])

    const res = await manager.request(
      '/api/admin/products/export.csv?type=Table%20type&state=published&sort=price&order=asc&pageSize=1',
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n')
    expect(lines[0]).toBe('id,name,type,price,currency,published,deliverable,createdAt,updatedAt')
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Zeta plain', "'=cmd|zeta"])
    const audit = await db.selectFrom('audit_events').selectAll().where('action', '=', 'export').execute()
    expect(audit.some((a) => String(a.details).includes('products'))).toBe(true)
  })
})
