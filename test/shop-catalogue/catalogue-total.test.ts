import { beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueList, ProductDetail } from '../../src/shared/contract/shop/products'
import { insertOrder, insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { productInput } from './helpers'

// The catalogue's total (and each type's) is read from counts that triggers keep per type (migration
// 0037). Whatever changes a product, through the API or straight in the database, the totals stay
// what counting the listed products gives.

let t: TestApp
let manager: CookieClient

beforeAll(async () => {
  t = await createTestApp()
  manager = (await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })).client
})

async function totals(type?: string): Promise<number> {
  const query = type ? `type=${encodeURIComponent(type)}` : ''
  const res = await call(t, 'GET', `/api/shop/products?${query}`, undefined, 200)
  return (res as CatalogueList).total
}

/** The totals the API gives, overall and for each type, next to what counting the products gives. */
async function expectTotals(expected: Record<string, number>) {
  const counted = await t.database.db
    .selectFrom('products')
    .select(['type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('isPublished', '=', true)
    .where('deletedAt', 'is', null)
    .groupBy('type')
    .execute()
  const byType = Object.fromEntries(counted.map((r) => [r.type, Number(r.n)]))
  const sum = Object.values(expected).reduce((a, b) => a + b, 0)
  expect(await totals()).toBe(sum)
  for (const [type, n] of Object.entries(expected)) {
    expect(await totals(type), `total of ${type}`).toBe(n)
    expect(byType[type] ?? 0, `products of ${type} counted`).toBe(n)
  }
}

async function patch(id: string, body: Record<string, unknown>) {
  await call(manager, 'PATCH', `/api/shop/products/${id}`, body, 200)
}

describe('the catalogue total', () => {
  it('follows every change of a product through the API', async () => {
    await expectTotals({ Course: 0, Template: 0 })
    const create = async (overrides: Record<string, unknown>) => {
      const res = await call(manager, 'POST', '/api/shop/products', productInput(overrides), 201)
      return res as ProductDetail
    }
    const a = await create({ type: 'Course', isPublished: true })
    const b = await create({ type: 'Course', isPublished: true })
    const draft = await create({ type: 'Template', isPublished: false })
    await expectTotals({ Course: 2, Template: 0 })

    await patch(draft.id, { isPublished: true })
    await expectTotals({ Course: 2, Template: 1 })
    await patch(a.id, { type: 'Template' })
    await expectTotals({ Course: 1, Template: 2 })
    await patch(b.id, { isPublished: false })
    await expectTotals({ Course: 0, Template: 2 })
    // A change that leaves it listed and of its type counts it once still.
    await patch(a.id, { price: 4200, name: 'Renamed' })
    await expectTotals({ Course: 0, Template: 2 })
    // Unpublished and of another type at once: it leaves the old type's count only.
    await patch(draft.id, { isPublished: false, type: 'Course' })
    await expectTotals({ Course: 0, Template: 1 })

    // Deleting: an ordered product is only hidden, another one goes; both leave the count.
    const ordered = await create({ type: 'Course', isPublished: true })
    const buyer = await signedIn(t)
    const order = await insertOrder(t.database.db, buyer.id, { status: 'paid', total: ordered.price })
    await t.database.db
      .insertInto('product_orders')
      .values({ product_id: ordered.id, order_id: order.id, quantity: 1, amount: ordered.price })
      .execute()
    await expectTotals({ Course: 1, Template: 1 })
    const hide = await call(manager, 'DELETE', `/api/shop/products/${ordered.id}`)
    expect(hide).toEqual({ outcome: 'hidden' })
    const remove = await call(manager, 'DELETE', `/api/shop/products/${a.id}`)
    expect(remove).toEqual({ outcome: 'deleted' })
    await expectTotals({ Course: 0, Template: 0 })
  })

  it('follows products written straight to the database', async () => {
    const db = t.database.db
    const before = await totals()
    const listed = await insertProduct(db, { type: 'Poster' })
    await insertProduct(db, { type: 'Poster', isPublished: false })
    await insertProduct(db, { type: 'Poster', deletedAt: '2026-03-01T00:00:00.000Z' })
    expect(await totals('Poster')).toBe(1)
    expect(await totals()).toBe(before + 1)
    await db
      .updateTable('products')
      .set({ deletedAt: '2026-03-02T00:00:00.000Z' })
      .where('id', '=', listed.id)
      .execute()
    expect(await totals('Poster')).toBe(0)
    await db.updateTable('products').set({ deletedAt: null }).where('id', '=', listed.id).execute()
    expect(await totals('Poster')).toBe(1)
    await db.deleteFrom('products').where('type', '=', 'Poster').execute()
    expect(await totals('Poster')).toBe(0)
    expect(await totals()).toBe(before)
  })
})
