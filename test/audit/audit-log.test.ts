import { beforeAll, describe, expect, it } from 'vitest'
import { recordAudit } from '../../src/server/features/audit/audit.service'
import { insertOrder, insertOrderLine, insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The admins' audit log table (product.md §6): paging, sorting, the action and date filters, search
// with literal % and _, and the CSV of exactly the filtered rows, itself audited. Admins only.

let t: TestApp
let admin: CookieClient
let adminEmail: string
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  const me = await signedIn(t, { role: 'admin' }) // records signin.success
  adminEmail = me.email
  admin = me.client
  const base = t.clock.now.getTime()
  const at = (days: number) => new Date(base - days * DAY)
  await recordAudit(
    db,
    {
      action: 'role.changed',
      actor: { id: null, email: 'boss@example.com' },
      target: { type: 'user', id: 'u-1' },
      details: { role: 'staff' },
    },
    at(10),
  )
  await recordAudit(
    db,
    {
      action: 'signin.failure',
      actor: { id: null, email: '100%_sure@example.com' },
      from: { ipAddress: '10.0.0.9' },
    },
    at(5),
  )
  await recordAudit(
    db,
    { action: 'signin.failure', actor: { id: null, email: '100xxsure@example.com' } },
    at(5),
  )
  await recordAudit(
    db,
    {
      action: 'settings.changed',
      actor: { id: null, email: '=cmd|evil@example.com' },
      details: { area: 'inbox' },
    },
    at(1),
  )
})

const list = async (query: string) => {
  const res = await admin.json(`/api/admin/audit?${query}`)
  expect(res.status).toBe(200)
  return res.json()
}

describe('GET /api/admin/audit', () => {
  it('pages newest first and presents each event with its actor, target and details', async () => {
    const all = await list('')
    expect(all.total).toBe(5)
    expect(all.items.map((e: { action: string }) => e.action)).toEqual([
      'signin.success',
      'settings.changed',
      'signin.failure',
      'signin.failure',
      'role.changed',
    ])
    expect(all.items.at(-1)).toMatchObject({
      actor: { id: null, email: 'boss@example.com' },
      target: { type: 'user', id: 'u-1' },
      details: { role: 'staff' },
    })
    const page = await list('pageSize=2&page=3')
    expect(page).toMatchObject({ page: 3, pageSize: 2, total: 5, totalPages: 3 })
    expect(page.items).toHaveLength(1)
  })

  it('filters by action and date range, sorts on allowed keys, and searches with % and _ literal', async () => {
    expect((await list('action=signin.failure')).total).toBe(2)
    const from = new Date(t.clock.now.getTime() - 6 * DAY).toISOString().slice(0, 10)
    const to = new Date(t.clock.now.getTime() - 2 * DAY).toISOString().slice(0, 10)
    expect((await list(`from=${from}&to=${to}`)).items.map((e: { action: string }) => e.action)).toEqual([
      'signin.failure',
      'signin.failure',
    ])
    const byEmail = await list('sort=actorEmail&order=asc&action=signin.failure')
    expect(byEmail.items.map((e: { actor: { email: string } }) => e.actor.email)).toEqual([
      '100%_sure@example.com',
      '100xxsure@example.com',
    ])
    expect((await list('q=100%25_')).items.map((e: { actor: { email: string } }) => e.actor.email)).toEqual([
      '100%_sure@example.com',
    ])
    expect((await list('q=10.0.0.9')).total).toBe(1)
    await call(admin, 'GET', '/api/admin/audit?action=nope', undefined, 422)
    await call(admin, 'GET', '/api/admin/audit?sort=userAgent', undefined, 422)
  })
})

describe('GET /api/admin/audit/export.csv', () => {
  it('streams exactly the filtered rows with a BOM, CRLF and formula escaping, and records the export', async () => {
    const res = await admin.request(
      '/api/admin/audit/export.csv?q=example.com&sort=actorEmail&order=asc&page=2&pageSize=1',
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"/,
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(lines[0]).toBe(
      'id,createdAt,action,actorId,actorEmail,targetType,targetId,ipAddress,userAgent,details,actorName,targetName,summary',
    )
    expect(lines.at(-1)).toBe('')
    // Every match, not only the page: the four seeded events, and the admin's own sign-in.
    const rows = lines.slice(1, -1)
    expect(rows).toHaveLength((await list('q=example.com')).total)
    expect(rows.find((l) => l.includes('evil'))).toContain("'=cmd|evil@example.com")
    expect(rows.find((l) => l.includes('role.changed'))).toContain('"{""role"":""staff""}"')
    // After the raw record, the event as people read it: a user who no longer exists is named so, not by id.
    expect(rows.find((l) => l.includes('role.changed'))).toMatch(/,,a deleted user,role: staff$/)

    const exported = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'export')
      .executeTakeFirstOrThrow()
    expect(exported.actorEmail).toBe(adminEmail)
    expect(JSON.parse(exported.details)).toMatchObject({
      table: 'audit_events',
      filters: { q: 'example.com' },
    })
  })

  it('is for admins only: staff with every function get 403, visitors 401', async () => {
    const { client } = await signedIn(t, {
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback', 'ManageFolders', 'UploadProducts'],
    })
    await call(client, 'GET', '/api/admin/audit', undefined, 403)
    expect((await client.request('/api/admin/audit/export.csv')).status).toBe(403)
    await call(t, 'GET', '/api/admin/audit', undefined, 401)
  })
})

describe('the audit log names the orders its events are about', () => {
  it('by their products, as receipts do', async () => {
    const db = t.database.db
    const buyer = await signedIn(t)
    const kit = await insertProduct(db, { name: 'Brand Kit', price: 5_000_00 })
    const logo = await insertProduct(db, { name: 'Logo Pack', price: 2_000_00 })
    const order = await insertOrder(db, buyer.id, { status: 'paid', total: 7_000_00 })
    for (const product of [kit, logo]) await insertOrderLine(db, order.id, product)
    await recordAudit(
      db,
      {
        action: 'order.refund_requested',
        actor: { id: null, email: adminEmail },
        details: { order_id: order.id, amount: 1_000_00 },
      },
      t.clock.now,
    )
    const page = await list('action=order.refund_requested')
    expect(page.items).toHaveLength(1)
    expect(page.items[0].summary).toBe('Refund of ₦1,000.00 on order Brand Kit and Logo Pack')
  })
})
