import { beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../src/server/lib/ids'
import type { Dashboard } from '../../src/shared/contract/dashboard'
import { insertFile, insertFolder } from '../support/factories'
import { insertUser, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { aProduct, businessIn, customer, entry, iso, refund, sale, unpaid } from './helpers'

// Every figure of the dashboard over a week in Lagos (UTC+1, no DST), with the week before it to
// compare: orders paid, refunded and discounted, customers' first orders, checkouts, the inbox's
// arrivals and reply times, and customers' storage. Now is 2026-06-15 13:00 in Lagos, so "7d" is
// 2026-06-09 … 2026-06-15 ([06-08T23:00Z, 06-15T23:00Z)) and the week before 06-02 … 06-08.

const QUOTA = 1_000_000
let t: TestApp
let dashboard: Dashboard
const ids: Record<string, string> = {}

async function seedShop() {
  const db = t.database.db
  const [a, b, c] = [
    await aProduct(db, 'Atlas', 1000),
    await aProduct(db, 'Brief', 2500),
    await aProduct(db, 'Cards', 500),
  ]
  Object.assign(ids, { a: a.id, b: b.id, c: c.id })
  const [c1, c2, c3, c4] = [await customer(db), await customer(db), await customer(db), await customer(db)]
  Object.assign(ids, { c1: c1.id, c2: c2.id })
  // The week before: c1's first order, partly refunded this week.
  const earlier = await sale(db, { userId: c1.id, paidAt: '2026-06-05T10:00Z', lines: [{ product: a }] })
  await refund(db, earlier.id, 300, '2026-06-11T08:00Z')
  await unpaid(db, c1.id, '2026-06-03T10:00Z', 'abandoned')
  // Created the week before (21:00 local on 06-08), paid this week (02:00 local on 06-09): c4's first.
  await sale(db, {
    userId: c4.id,
    createdAt: '2026-06-08T20:00Z',
    paidAt: '2026-06-09T01:00Z',
    lines: [{ product: c }],
  })
  // This week.
  await sale(db, {
    userId: c1.id,
    paidAt: '2026-06-10T10:00Z',
    lines: [{ product: b, quantity: 2, discount: 500 }],
  })
  await sale(db, {
    userId: c2.id,
    paidAt: '2026-06-12T09:00Z',
    lines: [
      { product: a, quantity: 3 },
      { product: c, discount: 100 },
    ],
  })
  const returned = await sale(db, {
    userId: c3.id,
    paidAt: '2026-06-14T20:00Z',
    status: 'refunded',
    lines: [{ product: a }],
  })
  await refund(db, returned.id, 1000, '2026-06-14T21:00Z')
  await refund(db, returned.id, 200, '2026-06-14T21:30Z', 'pending')
  await unpaid(db, c2.id, '2026-06-13T10:00Z', 'pending')
  // Outside both weeks: neither counts.
  await sale(db, { userId: c2.id, paidAt: '2026-06-15T23:30Z', lines: [{ product: a }] })
}

async function seedInbox() {
  const db = t.database.db
  await entry(db, 'quote', '2026-06-10T08:00Z', {
    notes: ['2026-06-10T08:30Z'],
    replies: ['2026-06-10T10:00Z', '2026-06-10T09:00Z'],
  })
  await entry(db, 'contact', '2026-06-11T12:00Z', { replies: ['2026-06-11T12:30Z'], status: 'resolved' })
  await entry(db, 'quote', '2026-06-12T00:00Z', { notes: ['2026-06-12T01:00Z'] })
  await entry(db, 'contact', '2026-06-13T00:00Z', { replies: ['2026-06-14T00:00Z'] })
  await entry(db, 'quote', '2026-06-14T10:00Z', { replies: ['2026-06-14T12:00Z'], status: 'resolved' })
  await entry(db, 'quote', '2026-06-05T10:00Z', { replies: ['2026-06-05T10:01Z'], status: 'resolved' })
}

async function seedStorage() {
  const db = t.database.db
  const folder = await insertFolder(db)
  const staff = await insertUser(db, { role: 'staff', functions: ['ManageFolders'] })
  await insertFile(db, folder.id, { createdBy: ids.c1, size: 3000, createdAt: iso('2026-06-10T10:00Z') })
  const older = await insertFile(db, folder.id, {
    createdBy: ids.c2,
    size: 1000,
    createdAt: iso('2026-06-01T10:00Z'),
  })
  await db
    .insertInto('file_versions')
    .values({
      id: newId(),
      file_id: older.id,
      product_id: null,
      path: newId(),
      size: 500,
      sha256: null,
      sha1: null,
      md5: null,
      mimetype: 'text/plain',
      createdBy: ids.c2,
      createdAt: iso('2026-06-01T09:00Z'),
      replacedAt: iso('2026-06-01T10:00Z'),
    })
    .execute()
  await insertFile(db, folder.id, { createdBy: staff.id, size: 7000, createdAt: iso('2026-06-12T10:00Z') })
}

beforeAll(async () => {
  t = await createTestApp({ env: { USER_QUOTA_BYTES: String(QUOTA) } })
  t.clock.now = new Date('2026-06-15T12:00:00Z')
  await businessIn(t, 'Africa/Lagos')
  await seedShop()
  await seedInbox()
  await seedStorage()
  const admin = await signedIn(t, { role: 'admin' })
  dashboard = await call(admin, 'GET', '/api/dashboard?period=7d')
})

const week = (figures: Record<string, number>) =>
  ['06-09', '06-10', '06-11', '06-12', '06-13', '06-14', '06-15'].map((d) => figures[d] ?? 0)

describe('the dashboard over a week', () => {
  it('names the days, the week before and the buckets in the business zone', () => {
    expect(dashboard).toMatchObject({
      timeZone: 'Africa/Lagos',
      currency: 'NGN',
      period: '7d',
      range: { from: '2026-06-09', to: '2026-06-15' },
      previousRange: { from: '2026-06-02', to: '2026-06-08' },
      bucket: 'day',
    })
    expect(dashboard.shop?.revenueSeries.map((p) => p.bucket)).toEqual(
      week({}).map((_, i) => `2026-06-${String(9 + i).padStart(2, '0')}`),
    )
  })

  it('counts paid orders, revenue net of refunds settled in the period, and the average order', () => {
    const kpis = dashboard.shop!.kpis
    expect(kpis.paidOrders).toEqual({ current: 4, previous: 1 })
    // 4500 + 3400 + 1000 + 500 paid; 300 (of last week's order) and 1000 refunded; a pending refund is not.
    expect(kpis.refunds).toEqual({ current: 1300, previous: 0 })
    expect(kpis.revenueNet).toEqual({ current: 9400 - 1300, previous: 1000 })
    expect(kpis.averageOrderValue).toEqual({ current: 2350, previous: 1000 })
  })

  it('counts discounts, first-time customers and checkouts', () => {
    const kpis = dashboard.shop!.kpis
    expect(kpis.discounts).toEqual({ current: 600, previous: 0 })
    // c1 bought the week before; c2, c3 and c4 bought first this week.
    expect(kpis.newCustomers).toEqual({ current: 3, previous: 1 })
    // Created this week: c1's, c2's, c3's and the pending one; last week: c1's, the abandoned one, c4's.
    expect(kpis.checkoutsStarted).toEqual({ current: 4, previous: 3 })
    expect(kpis.checkoutsPaid).toEqual({ current: 3, previous: 2 })
  })

  it('draws revenue per day, lists the best products and the statuses of the week’s orders', () => {
    const shop = dashboard.shop!
    expect(shop.revenueSeries.map((p) => p.revenue)).toEqual(
      week({ '06-09': 500, '06-10': 4500, '06-12': 3400, '06-14': 1000 }),
    )
    expect(shop.revenueSeries.map((p) => p.orders)).toEqual(
      week({ '06-09': 1, '06-10': 1, '06-12': 1, '06-14': 1 }),
    )
    expect(shop.topProducts).toEqual([
      { productId: ids.b, name: 'Brief', revenue: 4500, quantity: 2 },
      { productId: ids.a, name: 'Atlas', revenue: 4000, quantity: 4 },
      { productId: ids.c, name: 'Cards', revenue: 900, quantity: 2 },
    ])
    expect(shop.ordersByStatus).toEqual([
      { status: 'pending', count: 1 },
      { status: 'paid', count: 2 },
      { status: 'failed', count: 0 },
      { status: 'abandoned', count: 0 },
      { status: 'needs_review', count: 0 },
      { status: 'refund_pending', count: 0 },
      { status: 'refunded', count: 1 },
    ])
  })

  it('counts the inbox’s arrivals per day, what is pending, and the median time to a first reply', () => {
    const inbox = dashboard.inbox!
    expect(inbox.perDay.map((p) => p.quotes)).toEqual(week({ '06-10': 1, '06-12': 1, '06-14': 1 }))
    expect(inbox.perDay.map((p) => p.contacts)).toEqual(week({ '06-11': 1, '06-13': 1 }))
    expect(inbox.pending).toEqual({ quotes: 2, contacts: 1 })
    // First replies after 1800, 3600, 7200 and 86400 seconds (notes are not replies).
    expect(inbox.medianFirstReplySeconds).toBe(5400)
  })

  it('counts what customers hold against their quotas, and the files made per day', () => {
    const storage = dashboard.storage!
    expect(storage.usedBytes).toBe(4500)
    expect(storage.quotaBytes).toBe(4 * QUOTA)
    expect(storage.topCustomers).toEqual([
      { userId: ids.c1, name: 'Ada Lovelace', usedBytes: 3000, quotaBytes: QUOTA },
      { userId: ids.c2, name: 'Ada Lovelace', usedBytes: 1500, quotaBytes: QUOTA },
    ])
    expect(storage.uploadsPerBucket.map((p) => p.uploads)).toEqual(week({ '06-10': 1, '06-12': 1 }))
    expect(storage.uploadsPerBucket.map((p) => p.bytes)).toEqual(week({ '06-10': 3000, '06-12': 7000 }))
  })

  it('has no median when nothing that arrived was answered, and zeros on an empty period', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const empty = await call(admin, 'GET', '/api/dashboard?period=custom&from=2025-01-01&to=2025-01-03')
    expect(empty.inbox!.medianFirstReplySeconds).toBeNull()
    expect(empty.shop!.kpis.averageOrderValue).toEqual({ current: 0, previous: 0 })
    expect(empty.shop!.revenueSeries).toEqual([
      { bucket: '2025-01-01', revenue: 0, orders: 0 },
      { bucket: '2025-01-02', revenue: 0, orders: 0 },
      { bucket: '2025-01-03', revenue: 0, orders: 0 },
    ])
    expect(empty.shop!.topProducts).toEqual([])
  })
})
