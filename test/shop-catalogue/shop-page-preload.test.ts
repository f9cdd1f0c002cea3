import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_FIRST_PAGE, CATALOGUE_PRELOAD_ID } from '../../src/shared/contract/catalogue-sorts'
import type { CatalogueList } from '../../src/shared/contract/products'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { productInput } from './helpers'

// /shop's HTML carries the catalogue's first page (decision 0096): the same answer the API gives for
// the default grid, only for the plain /shop, escaped so a product name cannot close the element.

let t: TestApp
let manager: CookieClient
let webRoot: string
const SHELL =
  '<!doctype html><html><head><title>Depot</title></head><body><div id="root"></div></body></html>'

function embedded(html: string): { query: unknown; page: CatalogueList } | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${CATALOGUE_PRELOAD_ID}">(.*?)</script>`,
  ).exec(html)
  return match?.[1] ? JSON.parse(match[1]) : undefined
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-shop-preload-'))
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL)
  t = await createTestApp({ webRoot, env: { SHOP_CURRENCY: 'NGN' } })
  manager = (await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })).client
})
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }))

describe('the shop page preload', () => {
  it('embeds the first page as the API answers it, escaped, and only for the plain /shop', async () => {
    const created = await manager.json(
      '/api/shop/products',
      'POST',
      productInput({ name: 'Guide </script><script>alert(1)</script>' }),
    )
    expect(created.status).toBe(201)
    await manager.json('/api/shop/products', 'POST', productInput({ name: 'Draft kit', isPublished: false }))

    const html = await (await t.request('/shop')).text()
    expect(html).not.toContain('</script><script>alert(1)')
    const preload = embedded(html)
    expect(preload?.query).toEqual(CATALOGUE_FIRST_PAGE)
    const api = new URLSearchParams(Object.entries(CATALOGUE_FIRST_PAGE).map(([k, v]) => [k, String(v)]))
    const answer = (await (await t.request(`/api/shop/products?${api}`)).json()) as CatalogueList
    expect(preload?.page).toEqual(answer)
    expect(answer.items.map((p) => p.name)).toEqual(['Guide </script><script>alert(1)</script>'])

    expect(embedded(await (await t.request('/shop?q=guide')).text())).toBeUndefined()
    expect(embedded(await (await t.request('/cart')).text())).toBeUndefined()
  })
})
