import { beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../support/factories'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { codeFields, makeCode } from './helpers'

// Staff manage discount codes: who may, each field checked with a message, codes unique whatever
// their case, deactivation, the table's sorting, filter and search, the audited CSV.

let t: TestApp
let shop: Person
let admin: Person
let buyer: Person
let uploader: Person
beforeAll(async () => {
  t = await createTestApp()
  shop = await signedIn(t, { role: 'staff', functions: ['AccessShop'] })
  admin = await signedIn(t, { role: 'admin' })
  buyer = await signedIn(t)
  uploader = await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })
})

describe('who may manage discount codes', () => {
  it('refuses customers and staff without AccessShop; lets AccessShop staff and admins in', async () => {
    const made = await makeCode(shop)
    for (const who of [buyer, uploader]) {
      await call(who, 'GET', '/api/staff/discounts', undefined, 403)
      await call(who, 'GET', '/api/staff/discounts/export.csv', undefined, 403)
      await call(who, 'POST', '/api/staff/discounts', codeFields(), 403)
      await call(who, 'GET', `/api/staff/discounts/${made.id}`, undefined, 403)
      await call(who, 'PATCH', `/api/staff/discounts/${made.id}`, { active: false }, 403)
    }
    await call(t, 'GET', '/api/staff/discounts', undefined, 401)
    await call(admin, 'PATCH', `/api/staff/discounts/${made.id}`, { value: 15 })
    expect((await call(shop, 'GET', `/api/staff/discounts/${made.id}`)).value).toBe(15)
  })
})

describe('making and changing a code', () => {
  it('stores the code upper-cased, refuses the same code in another case, and audits each write', async () => {
    const p = await insertProduct(t.database.db)
    const made = await makeCode(shop, {
      code: 'spring-Sale',
      kind: 'fixed',
      value: 50000,
      product_ids: [p.id],
    })
    expect(made).toMatchObject({ code: 'SPRING-SALE', kind: 'fixed', value: 50000, product_ids: [p.id] })
    expect(made).toMatchObject({ product_count: 1, state: 'active', uses: 0, currency: 'NGN' })
    expect(made.products).toEqual([{ id: p.id, name: p.name }])
    const dup = await call(shop, 'POST', '/api/staff/discounts', codeFields({ code: 'SPRING-sale' }), 422)
    expect(dup.errors?.code?.[0]).toMatch(/already/)
    const off = await call(shop, 'PATCH', `/api/staff/discounts/${made.id}`, { active: false })
    expect(off).toMatchObject({ active: false, state: 'inactive' })
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actorId'])
      .where('targetId', '=', made.id)
      .orderBy('createdAt')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['discount.created', 'discount.updated'])
    expect(audit.every((a) => a.actorId === shop.id)).toBe(true)
  })

  it('says what is wrong with each field', async () => {
    const bad = await call(
      shop,
      'POST',
      '/api/staff/discounts',
      codeFields({
        code: 'a b',
        value: 0,
        max_uses: 0,
      }),
      422,
    )
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['code', 'max_uses', 'value'])
    const rules = await call(
      shop,
      'POST',
      '/api/staff/discounts',
      codeFields({
        value: 150,
        starts_at: '2026-05-01T00:00:00Z',
        ends_at: '2026-04-01T00:00:00Z',
        max_uses: 2,
        max_uses_per_customer: 3,
      }),
      422,
    )
    expect(rules.errors).toMatchObject({
      value: ['A percentage is at most 100.'],
      ends_at: ['The end must come after the start.'],
      max_uses_per_customer: [expect.stringMatching(/total use limit/)],
    })
    const unknown = codeFields({ product_ids: ['0190a3c4-0000-7000-8000-000000000000'] })
    const missing = await call(shop, 'POST', '/api/staff/discounts', unknown, 422)
    expect(missing.errors?.product_ids?.[0]).toMatch(/do not exist/)
    const made = await makeCode(shop)
    const edit = await call(shop, 'PATCH', `/api/staff/discounts/${made.id}`, { value: 101 }, 422)
    expect(edit.errors?.value).toEqual(['A percentage is at most 100.'])
  })
})

describe('the table and its CSV', () => {
  it('searches, filters, sorts and exports exactly the filtered rows (audited)', async () => {
    const a = await makeCode(shop, { code: 'TABLE-ALPHA' })
    const b = await makeCode(shop, { code: 'TABLE-BETA', kind: 'fixed', value: 150050, active: false })
    const page = await call(shop, 'GET', '/api/staff/discounts?q=table-&sort=code&order=asc')
    expect(page.items.map((i) => i.code)).toEqual(['TABLE-ALPHA', 'TABLE-BETA'])
    const inactive = await call(shop, 'GET', '/api/staff/discounts?q=table-&active=no')
    expect(inactive.items.map((i) => i.id)).toEqual([b.id])
    await call(shop, 'GET', '/api/staff/discounts?sort=nope', undefined, 422)
    const csv = await call(shop, 'GET', '/api/staff/discounts/export.csv?q=table-&sort=code&order=asc')
    const rows = (csv ?? '')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(rows[0]).toMatch(/^code,kind,value,min_order,currency/)
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(['TABLE-ALPHA', 'TABLE-BETA'])
    expect(rows[2]).toContain('TABLE-BETA,fixed,1500.50,')
    expect(rows[1]).toContain(a.id)
    const exported = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'export')
      .where('actorId', '=', shop.id)
      .execute()
    expect(exported.some((e) => e.details.includes('discount_codes'))).toBe(true)
  })
})
