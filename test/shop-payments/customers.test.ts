import { beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { newId } from '../../src/server/lib/ids'
import { insertOrder, insertOrderLine, insertProduct } from '../support/factories'
import { CookieClient } from '../support/http-client'
import { insertUser, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The customers table and page for AccessShop staff and admins: who may see it, figures computed
// with refunds, paging/sorting/search/filter on the server, the audited CSV; and the orders list and
// CSV naming orders by their products, with money in major units.

let t: TestApp
const clients: Record<'buyer' | 'uploader' | 'shop' | 'admin', CookieClient> = {} as never
let ada: DB['users']
let corp: DB['users']
let pendingOnly: DB['users']
let bigOrderId: string

async function order(
  user: DB['users'],
  status: DB['orders']['status'],
  createdAt: string,
  lines: { product: DB['products']; quantity: number }[],
  refunds: { amount: number; status: 'pending' | 'processed' | 'failed' }[] = [],
) {
  const db = t.database.db
  const total = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0)
  const o = await insertOrder(db, user.id, { status, total, createdAt, updatedAt: createdAt })
  for (const l of lines) await insertOrderLine(db, o.id, l.product, l.quantity)
  for (const r of refunds) {
    await db
      .insertInto('refunds')
      .values({
        id: newId(),
        order_id: o.id,
        paystack_refund_id: null,
        amount: r.amount,
        currency: 'NGN',
        status: r.status,
        reason: null,
        requested_by: null,
        createdAt,
        updatedAt: createdAt,
      })
      .execute()
  }
  return o
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  clients.buyer = (await signedIn(t)).client
  clients.uploader = (await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })).client
  clients.shop = (
    await signedIn(t, { role: 'staff', functions: ['AccessShop'], first_name: 'Shop', last_name: 'Staff' })
  ).client
  clients.admin = (await signedIn(t, { role: 'admin' })).client
  const kit = await insertProduct(db, { name: 'Brand Kit', price: 150050 })
  const logo = await insertProduct(db, { name: 'Logo Pack', price: 20000 })
  const guide = await insertProduct(db, { name: 'Style Guide', price: 5000 })
  ada = await insertUser(db, { first_name: 'Ada', last_name: 'Buyer', email: 'ada@example.com' })
  corp = await insertUser(db, {
    first_name: 'Cora',
    last_name: 'Corporate',
    email: 'cora@acme.example',
    account_type: 'corporate',
    business_name: 'Acme Trading Ltd',
    industry: 'Retail',
  })
  pendingOnly = await insertUser(db, { first_name: 'Pat', last_name: 'Pending', email: 'pat@example.com' })
  // Ada: a paid order partly refunded, a fully refunded one, one whose refund failed, and an unpaid one.
  bigOrderId = (
    await order(
      ada,
      'paid',
      '2026-03-01T10:00:00.000Z',
      [{ product: kit, quantity: 1 }],
      [{ amount: 50000, status: 'processed' }],
    )
  ).id
  await order(
    ada,
    'refunded',
    '2026-03-02T10:00:00.000Z',
    [{ product: logo, quantity: 1 }],
    [{ amount: 20000, status: 'processed' }],
  )
  await order(
    ada,
    'paid',
    '2026-03-03T10:00:00.000Z',
    [{ product: guide, quantity: 2 }],
    [{ amount: 10000, status: 'failed' }],
  )
  await order(ada, 'pending', '2026-03-09T10:00:00.000Z', [{ product: kit, quantity: 1 }])
  // Cora: one paid order of two products, with a refund still pending (not yet money returned).
  await order(
    corp,
    'paid',
    '2026-02-01T10:00:00.000Z',
    [
      { product: logo, quantity: 1 },
      { product: guide, quantity: 1 },
    ],
    [{ amount: 5000, status: 'pending' }],
  )
  await order(pendingOnly, 'failed', '2026-03-05T10:00:00.000Z', [{ product: guide, quantity: 1 }])
})

const get = async (who: keyof typeof clients, path: string) => clients[who].json(path)

describe('who may see customers', () => {
  it('refuses customers and staff without AccessShop, and lets AccessShop staff and admins in', async () => {
    for (const who of ['buyer', 'uploader'] as const) {
      expect((await get(who, '/api/staff/customers')).status).toBe(403)
      expect((await get(who, `/api/staff/customers/${ada.id}`)).status).toBe(403)
      expect((await get(who, '/api/staff/customers/export.csv')).status).toBe(403)
      expect((await get(who, `/api/staff/orders?buyer=${ada.id}`)).status).toBe(403)
    }
    for (const who of ['shop', 'admin'] as const) {
      expect((await get(who, '/api/staff/customers')).status).toBe(200)
      expect((await get(who, `/api/staff/customers/${ada.id}`)).status).toBe(200)
      expect((await get(who, '/api/staff/customers/export.csv')).status).toBe(200)
    }
    const anonymous = new CookieClient(t.app)
    await call(anonymous, 'GET', '/api/staff/customers', undefined, 401)
  })
})

describe('the customers table', () => {
  it('lists buyers who paid, with paid orders, spending net of processed refunds and the last order', async () => {
    const res = await get('shop', '/api/staff/customers')
    const body = await res.json()
    expect(body.total).toBe(2)
    // Newest last order first by default.
    expect(body.items).toEqual([
      {
        id: ada.id,
        name: 'Ada Buyer',
        email: 'ada@example.com',
        account_type: 'individual',
        business_name: null,
        order_count: 3,
        // 150050 - 50000 refunded, 20000 - 20000 refunded, 10000 (its refund failed); the unpaid order is no spending.
        total_spent: 110050,
        currency: 'NGN',
        last_order_at: '2026-03-03T10:00:00.000Z',
      },
      {
        id: corp.id,
        name: 'Cora Corporate',
        email: 'cora@acme.example',
        account_type: 'corporate',
        business_name: 'Acme Trading Ltd',
        order_count: 1,
        // A pending refund has not returned money yet.
        total_spent: 25000,
        currency: 'NGN',
        last_order_at: '2026-02-01T10:00:00.000Z',
      },
    ])
    expect(body.items.map((c: { id: string }) => c.id)).not.toContain(pendingOnly.id)
  })

  it('sorts, searches, filters and pages on the server', async () => {
    const ids = async (query: string) => {
      const res = await get('admin', `/api/staff/customers?${query}`)
      expect(res.status).toBe(200)
      return ((await res.json()).items as { id: string }[]).map((c) => c.id)
    }
    expect(await ids('sort=total_spent&order=asc')).toEqual([corp.id, ada.id])
    expect(await ids('sort=name&order=desc')).toEqual([corp.id, ada.id])
    expect(await ids('sort=order_count&order=desc')).toEqual([ada.id, corp.id])
    expect(await ids('q=acme%20trading')).toEqual([corp.id])
    expect(await ids('q=ADA@')).toEqual([ada.id])
    expect(await ids('account_type=corporate')).toEqual([corp.id])
    const page2 = await (await get('admin', '/api/staff/customers?pageSize=1&page=2')).json()
    expect(page2).toMatchObject({ total: 2, totalPages: 2, page: 2 })
    expect(page2.items.map((c: { id: string }) => c.id)).toEqual([corp.id])
    const bad = await get('admin', '/api/staff/customers?sort=password&account_type=robot')
    expect(bad.status).toBe(422)
  })

  it("shows one customer's page and their orders, named by their products", async () => {
    const res = await get('shop', `/api/staff/customers/${ada.id}`)
    expect(await res.json()).toMatchObject({
      id: ada.id,
      order_count: 3,
      total_spent: 110050,
      refunded: 70000,
    })
    // Every order's buyer has a page, with zero figures until they pay.
    const unpaid = await (await get('shop', `/api/staff/customers/${pendingOnly.id}`)).json()
    expect(unpaid).toMatchObject({ order_count: 0, total_spent: 0, last_order_at: null })
    const stranger = await insertUser(t.database.db)
    expect((await get('shop', `/api/staff/customers/${stranger.id}`)).status).toBe(404)
    const orders = await (
      await get('shop', `/api/staff/orders?buyer=${ada.id}&sort=createdAt&order=asc`)
    ).json()
    expect(orders.items.map((o: { name: string; status: string }) => [o.name, o.status])).toEqual([
      ['Brand Kit', 'paid'],
      ['Logo Pack', 'refunded'],
      ['Style Guide', 'paid'],
      ['Brand Kit', 'pending'],
    ])
    const cora = await (await get('shop', `/api/staff/orders?buyer=${corp.id}`)).json()
    expect(cora.items.map((o: { name: string }) => o.name)).toEqual(['Logo Pack and Style Guide'])
    expect((await get('shop', '/api/staff/orders?buyer=not-an-id')).status).toBe(422)
  })

  it('exports the matching customers as CSV with money in major units, and audits the export', async () => {
    const res = await get('shop', '/api/staff/customers/export.csv?sort=name&order=asc&q=example')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
    expect(rows).toEqual([
      'name,email,account_type,business_name,orders,total_spent,currency,last_order_at,id',
      `Ada Buyer,ada@example.com,individual,,3,1100.50,NGN,2026-03-03T10:00:00.000Z,${ada.id}`,
      `Cora Corporate,cora@acme.example,corporate,Acme Trading Ltd,1,250.00,NGN,2026-02-01T10:00:00.000Z,${corp.id}`,
    ])
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details)).toEqual({
      table: 'customers',
      filters: { sort: 'name', order: 'asc', q: 'example' },
    })
    // The audit log reads it back in words, with the exporter's name rather than an id.
    const log = await (await get('admin', '/api/admin/audit?action=export&sort=createdAt&order=desc')).json()
    const latest = log.items[0]
    expect(latest.summary).toBe('Exported customers: search “example”, sorted by name ascending')
    expect(latest.actor.name).toBe('Shop Staff')
  })
})

describe('the orders CSV', () => {
  it('names the products and gives totals in major units beside the currency', async () => {
    const res = await get('admin', `/api/staff/orders/export.csv?buyer=${ada.id}&sort=createdAt&order=asc`)
    expect(res.status).toBe(200)
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
    expect(rows[0]).toBe(
      'reference,ordered_at,status,products,items,total,discount_code,discount,currency,buyer_name,buyer_email,id',
    )
    expect(rows).toHaveLength(5)
    const first = rows[1]?.split(',') ?? []
    expect(first.slice(1, 11)).toEqual([
      '2026-03-01T10:00:00.000Z',
      'paid',
      'Brand Kit',
      '1',
      '1500.50',
      '',
      '0.00',
      'NGN',
      'Ada Buyer',
      'ada@example.com',
    ])
    expect(first[11]).toBe(bigOrderId)
    expect(rows[3]).toContain(',Style Guide × 2,2,100.00,,0.00,NGN,')
  })
})
