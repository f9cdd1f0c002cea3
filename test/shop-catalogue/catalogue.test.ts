import { beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueList, ProductDetail } from '../../src/shared/contract/shop/products'
import { markdownToHtml } from '../../src/shared/markdown'
import { insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The public catalogue (product.md §3): only published, non-deleted products; the type filter,
// search with literal % and _, sorting by price and newest, paging; the types in use; the product
// page (drafts only for managers); a cart's fresh prices; a description that cannot carry HTML.

let t: TestApp
let manager: CookieClient
const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`
const ids: Record<string, string> = {}

async function catalogue(query = ''): Promise<CatalogueList> {
  const res = await call(t, 'GET', `/api/shop/products?${query.replace(/^\?/, '')}`, undefined, 200)
  return res as CatalogueList
}

beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_CURRENCY: 'NGN' } })
  manager = (await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })).client
  const db = t.database.db
  for (let i = 1; i <= 12; i++) {
    const p = await insertProduct(db, {
      name: `Template ${String(i).padStart(2, '0')}`,
      type: i % 3 === 0 ? 'Course' : 'Template',
      price: i * 1000,
      createdAt: at(i),
    })
    ids[`t${i}`] = p.id
  }
  ids.percent = (
    await insertProduct(db, { name: '100% cotton_ebook', type: 'E-book', price: 5, createdAt: at(13) })
  ).id
  ids.plain = (
    await insertProduct(db, { name: '1000 cottonXebook', type: 'E-book', price: 6, createdAt: at(14) })
  ).id
  ids.draft = (await insertProduct(db, { name: 'Secret draft', type: 'Hidden type', isPublished: false })).id
  ids.deleted = (await insertProduct(db, { name: 'Gone product', type: 'Gone type', deletedAt: at(20) })).id
})

describe('catalogue', () => {
  it('lists only published, non-deleted products, newest first, with the store currency', async () => {
    const page = await catalogue('?pageSize=100')
    const names = page.items.map((p) => p.name)
    expect(page.total).toBe(14)
    expect(names).not.toContain('Secret draft')
    expect(names).not.toContain('Gone product')
    expect(names[0]).toBe('1000 cottonXebook')
    expect(page.items.every((p) => p.currency === 'NGN' && Number.isInteger(p.price))).toBe(true)
    // What the buyer receives never leaves in the catalogue.
    expect(JSON.stringify(page)).not.toContain('example.com')
  })

  it('filters by type and lists the types in use', async () => {
    const courses = await catalogue('?type=Course&pageSize=100')
    expect(courses.items.map((p) => p.name)).toEqual([
      'Template 12',
      'Template 09',
      'Template 06',
      'Template 03',
    ])
    const res = await call(t, 'GET', '/api/shop/types')
    expect(res).toEqual({ types: ['Course', 'E-book', 'Template'], currency: 'NGN' })
    const forManager = await call(manager, 'GET', '/api/shop/types')
    expect(forManager.types).toEqual(['Course', 'E-book', 'Hidden type', 'Template'])
  })

  it('searches name and description with % and _ taken literally', async () => {
    expect((await catalogue('?q=100%25')).items.map((p) => p.id)).toEqual([ids.percent])
    expect((await catalogue('?q=cotton_')).items.map((p) => p.id)).toEqual([ids.percent])
    expect((await catalogue('?q=COTTON')).total).toBe(2)
    expect((await catalogue('?q=secret')).total).toBe(0)
  })

  it('sorts by price either way and pages without repeats', async () => {
    const cheap = await catalogue('?sort=price&order=asc&pageSize=5')
    expect(cheap.items.map((p) => p.price)).toEqual([5, 6, 1000, 2000, 3000])
    expect(cheap.totalPages).toBe(3)
    const dear = await catalogue('?sort=price&order=desc&pageSize=2')
    expect(dear.items.map((p) => p.price)).toEqual([12000, 11000])
    const seen = new Set<string>()
    for (let page = 1; page <= 3; page++) {
      for (const p of (await catalogue(`?sort=newest&pageSize=5&page=${page}`)).items) seen.add(p.id)
    }
    expect(seen.size).toBe(14)
    await call(t, 'GET', '/api/shop/products?sort=secret&pageSize=1000', undefined, 422)
  })

  it('continues from a cursor in every sort, as the numbered pages list them, and ends with null', async () => {
    for (const sort of ['newest&order=desc', 'price&order=asc', 'price&order=desc', 'name&order=asc']) {
      const numbered = await catalogue(`?sort=${sort}&pageSize=100`)
      const walked: string[] = []
      let page = await catalogue(`?sort=${sort}&pageSize=4&type=`)
      walked.push(...page.items.map((p) => p.id))
      let pages = 1
      while (page.nextCursor) {
        page = await catalogue(`?sort=${sort}&pageSize=4&cursor=${encodeURIComponent(page.nextCursor)}`)
        walked.push(...page.items.map((p) => p.id))
        pages++
      }
      expect(walked, sort).toEqual(numbered.items.map((p) => p.id))
      expect(pages, sort).toBe(4) // 14 products: 4 + 4 + 4 + 2
      expect(page.total).toBe(14)
    }
    // A cursor follows the search and the type filter it is sent with.
    const first = await catalogue('?type=Template&pageSize=3')
    const next = await catalogue(`?type=Template&pageSize=3&cursor=${encodeURIComponent(first.nextCursor!)}`)
    expect(next.items.map((p) => p.name)).toEqual(['Template 07', 'Template 05', 'Template 04'])
    // A cursor made for another order is refused, not followed.
    await call(
      t,
      'GET',
      `/api/shop/products?sort=price&order=asc&cursor=${encodeURIComponent(first.nextCursor!)}`,
      undefined,
      400,
    )
  })

  it('shows a product page: published to everyone, drafts and deleted ones only to managers', async () => {
    const res = await call(t, 'GET', `/api/shop/products/${ids.t1}`, undefined, 200)
    const product = res as ProductDetail
    expect(product).toMatchObject({
      name: 'Template 01',
      management: null,
      abilities: { buy: true, edit: false },
    })
    await call(t, 'GET', `/api/shop/products/${ids.draft}`, undefined, 404)
    await call(t, 'GET', `/api/shop/products/${ids.deleted}`, undefined, 404)
    const asManager = await call(manager, 'GET', `/api/shop/products/${ids.draft}`, undefined, 200)
    expect((asManager as ProductDetail).management).not.toBeNull()
    const user = (await signedIn(t)).client
    await call(user, 'GET', `/api/shop/products/${ids.draft}`, undefined, 404)
  })

  it('prices a cart afresh and leaves out products no longer for sale', async () => {
    const res = await call(
      t,
      'GET',
      `/api/shop/cart?ids=${ids.t2},${ids.draft},${ids.deleted},${ids.t2}`,
      undefined,
      200,
    )
    const { items } = res as { items: { id: string; price: number }[] }
    expect(items).toEqual([expect.objectContaining({ id: ids.t2, price: 2000 })])
  })

  it('keeps a Markdown description from carrying HTML or script', async () => {
    const p = await insertProduct(t.database.db, {
      description:
        '**Hi** <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [ok](https://example.org)',
    })
    const product = (await call(t, 'GET', `/api/shop/products/${p.id}`)) as ProductDetail
    const html = markdownToHtml(product.description)
    expect(html).not.toMatch(/<script|<img|javascript:/i)
    expect(html).toContain('<strong>Hi</strong>')
    expect(html).toContain('&lt;script&gt;')
    expect(html).toContain('<a href="https://example.org/" rel="noopener nofollow" target="_blank">ok</a>')
  })
})
