import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../src/web/entry-server'
import { productInput } from '../shop-catalogue/helpers'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The owner's words on the home page and the shop, and the products the home page features: neutral
// defaults until an admin writes them, each field checked with its own message, audited, and only
// products for sale shown to visitors.

const WORDS = {
  homeIntro: 'We print **posters** in Lagos. [See the shop](/shop).',
  shopHeading: 'Our prints',
  shopTagline: 'Posters and zines, shipped as files.',
  homeCards: [
    { title: 'Made by hand', body: 'Every poster is *drawn* first.' },
    { title: 'Print at home', body: '' },
  ],
}

describe('the owner’s words', () => {
  it('start as neutral defaults that follow the business’s name', async () => {
    const t = await createTestApp({ env: { BUSINESS_NAME: 'Acme Prints' } })
    expect(await call(t, 'GET', '/api/site/words')).toEqual({
      homeIntro: expect.stringMatching(/^Acme Prints is our own home on the web/),
      shopHeading: 'Shop',
      shopTagline: 'Our products: pay securely and download at once.',
      homeCards: null,
    })
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const read = await call(admin, 'GET', '/api/admin/site/words')
    expect(read.saved).toEqual({ homeIntro: '', shopHeading: '', shopTagline: '', homeCards: null })
    expect(read.defaults.shopHeading).toBe('Shop')
  })

  it('are saved by an admin (audited) and shown to everyone; an empty text is the default again', async () => {
    const t = await createTestApp()
    const { client: admin, ...user } = await signedIn(t, { role: 'admin' })
    const saved = await call(
      admin,
      'PUT',
      '/api/admin/site/words',
      { ...WORDS, shopHeading: '  Our prints ' },
      200,
    )
    expect(saved.saved).toEqual(WORDS)
    expect(await call(new CookieClient(t.app), 'GET', '/api/site/words')).toEqual(WORDS)

    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'settings.changed')
      .where('targetId', '=', 'site.words')
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ actorId: user.id, targetType: 'settings' })
    expect(JSON.parse(audit.details)).toMatchObject({ area: 'site words', shopHeading: 'Our prints' })

    await call(admin, 'PUT', '/api/admin/site/words', { ...WORDS, shopTagline: '', homeCards: [] }, 200)
    expect(await call(t, 'GET', '/api/site/words')).toMatchObject({
      shopHeading: 'Our prints',
      shopTagline: 'Our products: pay securely and download at once.',
      homeCards: [],
    })
  })

  it('may be changed by admins only', async () => {
    const t = await createTestApp()
    const { client: staff } = await signedIn(t, {
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback', 'UploadProducts'],
    })
    const { client: customer } = await signedIn(t)
    for (const client of [staff, customer]) {
      await call(client, 'PUT', '/api/admin/site/words', WORDS, 403)
      await call(client, 'GET', '/api/admin/site/words', undefined, 403)
    }
    await call(new CookieClient(t.app), 'PUT', '/api/admin/site/words', WORDS, 401)
    expect((await call(t, 'GET', '/api/site/words')).shopHeading).toBe('Shop')
  })

  it('refuses overlong or broken fields with a message for each', async () => {
    const t = await createTestApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const problem = await call(
      admin,
      'PUT',
      '/api/admin/site/words',
      {
        homeIntro: 'x'.repeat(2001),
        shopHeading: 'Two\nlines',
        shopTagline: 'y'.repeat(201),
        homeCards: [
          { title: ' ', body: 'fine' },
          { title: 'Fine', body: 'z'.repeat(601) },
        ],
      },
      422,
    )
    expect(problem.errors).toEqual({
      homeIntro: [expect.stringMatching(/intro under 2000/)],
      shopHeading: [expect.stringMatching(/one line/)],
      shopTagline: [expect.stringMatching(/tagline under 200/)],
      'homeCards.0.title': ['Give the card a title'],
      'homeCards.1.body': [expect.stringMatching(/under 600/)],
    })
    const tooMany = Array.from({ length: 5 }, (_, i) => ({ title: `Card ${i}`, body: '' }))
    const many = await call(admin, 'PUT', '/api/admin/site/words', { ...WORDS, homeCards: tooMany }, 422)
    expect(many.errors).toEqual({ homeCards: ['Use at most 4 cards'] })
    expect((await call(t, 'GET', '/api/site/words')).homeCards).toBeNull()
  })
})

describe('featured products', () => {
  async function shop() {
    const t = await createTestApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const make = async (name: string, isPublished = true) =>
      (await call(admin, 'POST', '/api/shop/products', productInput({ name, isPublished }), 201)).id
    return {
      t,
      admin,
      a: await make('Alpha poster'),
      b: await make('Beta zine'),
      draft: await make('Gamma', false),
    }
  }

  it('are chosen in order; visitors see only those for sale', async () => {
    const { t, admin, a, b, draft } = await shop()
    expect(await call(t, 'GET', '/api/shop/featured')).toEqual({ items: [] })
    const chosen = await call(admin, 'PUT', '/api/admin/shop/featured', { productIds: [b, draft, a] }, 200)
    expect(chosen.items).toEqual([
      { id: b, name: 'Beta zine', isPublished: true },
      { id: draft, name: 'Gamma', isPublished: false },
      { id: a, name: 'Alpha poster', isPublished: true },
    ])
    const seen = await call(new CookieClient(t.app), 'GET', '/api/shop/featured')
    expect(seen.items.map((p) => p.name)).toEqual(['Beta zine', 'Alpha poster'])
    expect(seen.items[0]).toMatchObject({ slug: 'beta-zine', price: 250000 })

    // Unpublished or deleted later: out of the visitors' list at once; a deleted one out of the managers'.
    await call(admin, 'PATCH', `/api/shop/products/${b}`, { isPublished: false }, 200)
    await call(admin, 'DELETE', `/api/shop/products/${a}`, undefined, 200)
    expect((await call(t, 'GET', '/api/shop/featured')).items).toEqual([])
    const managed = await call(admin, 'GET', '/api/admin/shop/featured')
    expect(managed.items.map((p) => p.id)).toEqual([b, draft])

    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('targetId', '=', 'shop.featured')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details)).toMatchObject({ area: 'featured products', productIds: [b, draft, a] })
  })

  it('refuse unknown, repeated or too many products with a message', async () => {
    const { admin, a } = await shop()
    const unknown = await call(
      admin,
      'PUT',
      '/api/admin/shop/featured',
      { productIds: [a, '0190a5c2-0000-7000-8000-000000000000'] },
      422,
    )
    expect(unknown.errors).toEqual({ 'productIds.1': [expect.stringMatching(/not in the shop/)] })
    const twice = await call(admin, 'PUT', '/api/admin/shop/featured', { productIds: [a, a] }, 422)
    expect(twice.errors).toEqual({ productIds: ['Choose each product once'] })
    const nine = Array.from({ length: 9 }, () => a)
    const many = await call(admin, 'PUT', '/api/admin/shop/featured', { productIds: nine }, 422)
    expect(many.errors?.productIds).toContain('Feature at most 8 products')
  })

  it('are chosen by those who manage products only', async () => {
    const { t, a } = await shop()
    const { client: manager } = await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })
    await call(manager, 'PUT', '/api/admin/shop/featured', { productIds: [a] }, 200)
    const { client: staff } = await signedIn(t, {
      role: 'staff',
      functions: ['AccessShop', 'ManageFeedback'],
    })
    const { client: customer } = await signedIn(t)
    for (const client of [staff, customer]) {
      await call(client, 'PUT', '/api/admin/shop/featured', { productIds: [] }, 403)
      await call(client, 'GET', '/api/admin/shop/featured', undefined, 403)
    }
    await call(new CookieClient(t.app), 'PUT', '/api/admin/shop/featured', { productIds: [] }, 401)
    expect((await call(t, 'GET', '/api/shop/featured')).items.map((p) => p.id)).toEqual([a])
  })
})

describe('the home page and the shop, rendered by the server', () => {
  it('carry the owner’s words, Markdown rendered safely, and the featured products as links', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-words-'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Depot</title></head><body><div id="root"></div></body></html>',
    )
    const t = await createTestApp({ webRoot, renderPage })
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const make = async (name: string, isPublished = true) =>
      (await call(admin, 'POST', '/api/shop/products', productInput({ name, isPublished }), 201)).id
    const [a, draft] = [await make('Alpha poster'), await make('Hidden draft', false)]
    const hostile = { ...WORDS, homeIntro: `${WORDS.homeIntro} <img src=x onerror=alert(1)>` }
    await call(admin, 'PUT', '/api/admin/site/words', hostile, 200)
    await call(admin, 'PUT', '/api/admin/shop/featured', { productIds: [draft, a] }, 200)

    const home = (await (await t.request('/')).text()).replaceAll('<!-- -->', '')
    expect(home).toContain('<strong>posters</strong>')
    expect(home).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(home).not.toContain('<img src=x')
    expect(home).toMatch(/<h2[^>]*>Made by hand<\/h2>/)
    expect(home).toContain('<em>drawn</em>')
    expect(home).toContain('href="/shop/alpha-poster"')
    expect(home).not.toContain('Hidden draft')

    const shop = (await (await t.request('/shop')).text()).replaceAll('<!-- -->', '')
    expect(shop).toMatch(/<h1[^>]*>Our prints<\/h1>/)
    expect(shop).toContain('Posters and zines, shipped as files.')
  })
})
