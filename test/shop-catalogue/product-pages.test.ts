import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/db/migrations'
import type { CatalogueList, ProductDetail } from '../../src/shared/contract/shop/products'
import { insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { picture, productInput, upload } from './helpers'

// Readable product addresses: a unique slug made from the name and kept on renames; old links by id
// move to the slug (308 from the server, the same product from the API); the server-rendered page
// carries the product's meta and JSON-LD, escaped; the API names the cover `cover_photo`.

let t: TestApp
let manager: CookieClient
let webRoot: string

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Our shop." /><title>Depot</title></head><body><div id="root"></div></body></html>'

async function create(overrides: Record<string, unknown> = {}): Promise<ProductDetail> {
  const res = await call(manager, 'POST', '/api/shop/products', productInput(overrides), 201)
  return res as ProductDetail
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-product-pages-'))
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL)
  t = await createTestApp({ webRoot, env: { SHOP_CURRENCY: 'NGN' } })
  manager = (await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })).client
})

afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }))

describe('slugs', () => {
  it('makes a unique slug from the name, keeps it on renames, and finds the product by it', async () => {
    const first = await create({ name: 'Café Design Guide (2nd ed.)' })
    const second = await create({ name: 'Café design guide — 2nd ed!' })
    const symbols = await create({ name: '★★★' })
    expect(first.slug).toBe('cafe-design-guide-2nd-ed')
    expect(second.slug).toBe('cafe-design-guide-2nd-ed-2')
    expect(symbols.slug).toBe('product')

    const renamed = await call(manager, 'PATCH', `/api/shop/products/${first.id}`, { name: 'Another name' })
    expect((renamed as ProductDetail).slug).toBe('cafe-design-guide-2nd-ed')

    const bySlug = await call(t, 'GET', '/api/shop/products/cafe-design-guide-2nd-ed-2', undefined, 200)
    expect((bySlug as ProductDetail).id).toBe(second.id)
    const byId = await call(t, 'GET', `/api/shop/products/${second.id}`)
    expect((byId as ProductDetail).slug).toBe(second.slug)
    const list = (await call(t, 'GET', '/api/shop/products?pageSize=100')) as CatalogueList
    expect(list.items.find((p) => p.id === second.id)?.slug).toBe(second.slug)

    await call(t, 'GET', '/api/shop/products/no-such-product', undefined, 404)
    await call(t, 'GET', '/api/shop/products/Not%20a%20slug', undefined, 404)
  })

  it('gives two products created at the same moment different slugs', async () => {
    const made = await Promise.all([1, 2, 3].map(() => create({ name: 'Race' })))
    expect(new Set(made.map((p) => p.slug))).toEqual(new Set(['race', 'race-2', 'race-3']))
  })

  it('backfills slugs for existing products, oldest first', async () => {
    const m = await createTestApp({ migrate: false })
    const db = m.database.db
    const names = Object.keys(migrations)
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    expect((await migrator.migrateTo(names[names.indexOf('0030-product-slugs') - 1]!)).error).toBeUndefined()
    const row = (id: string, name: string, createdAt: string) => ({
      id,
      name,
      type: 'E-book',
      price: 1000,
      description: '',
      cover_photo: null,
      product_url: 'https://example.com/x',
      isPublished: true,
      deletedAt: null,
      deliveryFileKey: null,
      deliveryFileName: null,
      deliveryFileType: null,
      deliveryFileSize: null,
      deliveryFileSha256: null,
      coverSmallKey: null,
      coverLargeKey: null,
      publishedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration
    await (db as any)
      .insertInto('products')
      .values([
        row('0190c6b2-7d3e-7a4b-8c5d-000000000002', 'Logo Pack', '2026-02-01T00:00:00.000Z'),
        row('0190c6b2-7d3e-7a4b-8c5d-000000000001', 'Logo pack', '2026-01-01T00:00:00.000Z'),
        row('0190c6b2-7d3e-7a4b-8c5d-000000000003', 'Über Kit', '2026-03-01T00:00:00.000Z'),
      ])
      .execute()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const slugs = await db.selectFrom('products').select(['id', 'slug']).orderBy('id').execute()
    expect(slugs.map((s) => s.slug)).toEqual(['logo-pack', 'logo-pack-2', 'uber-kit'])
    await expect(
      db.updateTable('products').set({ slug: 'logo-pack' }).where('slug', '=', 'uber-kit').execute(),
    ).rejects.toThrow()
  })
})

describe('server-rendered product pages', () => {
  it('moves an old link by id to the slug with a permanent redirect', async () => {
    const p = await create({ name: 'Redirected guide' })
    const res = await t.app.request(`/shop/${p.id}?ref=mail`)
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe('/shop/redirected-guide?ref=mail')
    // A draft's id is not told: the shell answers, as for any page.
    const draft = await create({ name: 'Hidden draft', isPublished: false })
    expect((await t.app.request(`/shop/${draft.id}`)).status).toBe(200)
  })

  it('puts the title, description, Open Graph tags, canonical URL and JSON-LD in the head, escaped', async () => {
    const name = 'Guide </script><script>alert(1)</script> & "quotes"'
    const p = await create({
      name,
      price: 150050,
      description: '# Learn **fast** with [our notes](https://example.com/n) <img src=x onerror=alert(2)>',
    })
    await upload(manager, `/api/shop/products/${p.id}/cover`, await picture(300, 200), 'image/png')
    const res = await t.app.request(`/shop/${p.slug}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const head = html.slice(0, html.indexOf('</head>'))
    const canonical = `${TEST_ORIGIN}/shop/${p.slug}`
    expect(head).toContain(`<link rel="canonical" href="${canonical}" />`)
    expect(head).toContain(
      '<title>Guide &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; · ',
    )
    expect(head).toContain(
      '<meta property="og:title" content="Guide &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;" />',
    )
    expect(head).toContain(
      '<meta name="description" content="Learn fast with our notes &lt;img src=x onerror=alert(2)" />',
    )
    expect(head).toContain(
      `<meta property="og:image" content="${TEST_ORIGIN}/api/shop/products/${p.id}/cover/1200?v=`,
    )
    // The cover, the phone's largest paint, is fetched with the HTML, at the size the page will show.
    expect(head).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="/api/shop/products/${p.id}/cover/1200\\?v=[^"]+" imagesrcset="[^"]+ 400w, [^"]+ 1200w" imagesizes="\\(min-width: 768px\\) 50vw, 100vw" fetchpriority="high" />`,
      ),
    )
    // Only the shell's own markup: the name never opens an element.
    expect(head).not.toContain('<script>alert')
    expect(head).not.toContain('<img')
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)
    expect(ld).not.toBeNull()
    const product = JSON.parse(ld![1]!)
    expect(product).toMatchObject({
      '@type': 'Product',
      name,
      url: canonical,
      offers: {
        '@type': 'Offer',
        price: '1500.50',
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
      },
    })
    expect(product.image[0]).toMatch(new RegExp(`^${TEST_ORIGIN}/api/shop/products/`))
  })

  it('describes only products for sale, and leaves other pages alone', async () => {
    const draft = await create({ name: 'Quiet draft', isPublished: false })
    for (const page of [`/shop/${draft.slug}`, '/shop/nothing-here', '/shop', '/cart']) {
      const html = await (await t.app.request(page)).text()
      expect(html, page).not.toContain('og:title')
      expect(html, page).not.toContain('application/ld+json')
    }
    const old = await insertProduct(t.database.db, { name: 'Factory product' })
    expect(await (await t.app.request(`/shop/${old.slug}`)).text()).toContain('og:title')
  })
})

describe('cover_photo', () => {
  it('names the cover cover_photo in uploads, the catalogue and the product page', async () => {
    const p = await create({ name: 'Covered' })
    const res = await upload(
      manager,
      `/api/shop/products/${p.id}/cover`,
      await picture(300, 200),
      'image/png',
    )
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['cover_photo'])
    const page = (await call(t, 'GET', `/api/shop/products/${p.slug}`)) as Record<string, unknown>
    expect(page.cover_photo).toEqual(body.cover_photo)
    expect(page).not.toHaveProperty('cover')
    const bad = await upload(manager, `/api/shop/products/${p.id}/cover`, 'not a picture', 'image/png')
    expect(((await bad.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty('cover_photo')
  })
})
