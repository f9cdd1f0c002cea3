import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDetail } from '../../src/shared/contract/shop/products'
import type { RenderPage } from '../../src/shared/rendered-page'
import { renderPage } from '../../src/web/entry-server'
import { file, folder } from '../files/helpers'
import { picture, productInput, upload } from '../shop-catalogue/helpers'
import { insertProduct } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { grant, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The public pages come from the server rendered (the web's own route table and components, their
// data asked of the app in-process): readable without JavaScript, a product's text escaped, the query
// cache handed over escaped, the real 404 page with its status, a visitor's HTML revalidated by ETag;
// a signed-in visit gets the shell, which the browser renders.

let t: TestApp
let manager: CookieClient
let webRoot: string
const SHELL =
  '<!doctype html><html><head><title>Depot</title></head><body><div id="root"></div>' +
  '<noscript id="needs-javascript"><p>This site needs JavaScript.</p></noscript></body></html>'
const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)> & $& $`'

async function html(res: Response): Promise<string> {
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  // React marks where one text node ends and the next begins ("Page <!-- -->1"): read as text.
  return (await res.text()).replaceAll('<!-- -->', '')
}

/** The query cache the page hands to the browser. */
function handedOver(page: string): {
  queries: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] }
} {
  const json = /<script type="application\/json" id="depot-server-state">(.*?)<\/script>/s.exec(page)?.[1]
  expect(json).toBeDefined()
  return JSON.parse(json!)
}

let hostile: ProductDetail

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-ssr-'))
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL)
  t = await createTestApp({ webRoot, renderPage, env: { SHOP_CURRENCY: 'NGN' } })
  manager = (await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })).client
  // 30 products, newest last: the first page (24, newest first) holds Item 30 … Item 7.
  for (let i = 1; i <= 29; i++) {
    await insertProduct(t.database.db, {
      name: `Item ${i}`,
      price: 100_000 + i * 100,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    })
  }
  const res = await call(
    manager,
    'POST',
    '/api/shop/products',
    productInput({ name: HOSTILE, description: HOSTILE }),
  )
  hostile = res as ProductDetail
  await upload(manager, `/api/shop/products/${hostile.id}/cover`, await picture(300, 200), 'image/png')
})

afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }))

describe('the catalogue, rendered', () => {
  it('lists the first page with names, prices and covers, and links to the next page', async () => {
    const res = await t.request('/shop')
    expect(res.status).toBe(200)
    const page = await html(res)
    expect(page).toMatch(/<h1[^>]*>Shop<\/h1>/)
    expect(page).toContain('Item 29')
    expect(page).toContain('Item 7')
    expect(page).not.toContain('Item 6<')
    expect(page).toContain('₦1,029.00')
    expect(page).toMatch(new RegExp(`<img[^>]*src="/api/shop/products/${hostile.id}/cover/`))
    // Paging works without a script: a plain link to page 2, none back from page 1.
    expect(page).toContain('href="/shop?page=2"')
    expect(page).toContain('Page 1 of 2')
    // The page needs no script, so the shell's notice that it does is gone.
    expect(page).not.toContain('needs JavaScript')

    const second = await html(await t.request('/shop?page=2'))
    expect(second).toContain('Page 2 of 2')
    expect(second).toContain('Item 1<')
    expect(second).not.toContain('Item 29')
    expect(second).toContain('href="/shop"')
  })

  it('draws the view the URL names: sort and search', async () => {
    const page = await html(await t.request('/shop?sort=price&order=asc&q=Item%201'))
    const names = [...page.matchAll(/>(Item \d+)</g)].map((m) => m[1])
    expect(names.slice(0, 3)).toEqual(['Item 1', 'Item 10', 'Item 11'])
    expect(names).not.toContain('Item 2')
    // The cache handed over is under the key the page's query uses, so hydration asks nothing.
    const keys = handedOver(page).queries.queries.map((q) => JSON.stringify(q.queryKey))
    expect(keys).toContain(
      JSON.stringify([
        'shop',
        'catalogue',
        { sort: 'price', order: 'asc', q: 'Item 1', page: 1, pageSize: 24 },
      ]),
    )
  })
})

describe('escaping', () => {
  it('escapes a product’s text in the page and in the cache handed over', async () => {
    for (const address of ['/shop', `/shop/${hostile.slug}`]) {
      const page = await html(await t.request(address))
      expect(page).not.toContain('<script>alert(1)')
      expect(page).not.toContain('<img src=x')
      expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
      const script = /<script type="application\/json" id="depot-server-state">(.*?)<\/script>/s.exec(
        page,
      )?.[1]
      expect(script).not.toMatch(/[<>]/)
      expect(JSON.stringify(handedOver(page))).toContain(JSON.stringify(HOSTILE))
    }
  })
})

describe('a product page, rendered', () => {
  it('shows the name, price, description and cover', async () => {
    const res = await t.request(`/shop/${hostile.slug}`)
    expect(res.status).toBe(200)
    const page = await html(res)
    expect(page).toMatch(/<h1[^>]*>&lt;\/script&gt;/)
    expect(page).toContain('₦2,500.00')
    expect(page).toMatch(new RegExp(`<img[^>]*/api/shop/products/${hostile.id}/cover/`))
  })

  it('answers an unknown product with the not-found status', async () => {
    const res = await t.request('/shop/no-such-product')
    expect(res.status).toBe(404)
  })
})

describe('addresses no route knows', () => {
  it('get the real not-found page with a 404', async () => {
    const res = await t.request('/no/such/page')
    expect(res.status).toBe(404)
    const page = await html(res)
    expect(page).toContain('Page not found')
  })
})

describe('caching', () => {
  it('revalidates a visitor’s page by ETag; a signed-in visit gets the shell', async () => {
    const first = await t.request('/shop')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect((await t.request('/shop', { headers: { 'If-None-Match': etag! } })).status).toBe(304)
    // Data that changed is a new page.
    await insertProduct(t.database.db, { name: 'Item 31' })
    const changed = await t.request('/shop', { headers: { 'If-None-Match': etag! } })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toContain('Item 31')

    // Signed in, the browser renders the page: the shell, with nothing of the person in it.
    const mine = await manager.request('/shop')
    expect(mine.status).toBe(200)
    expect(mine.headers.get('etag')).toBeNull()
    const shell = await mine.text()
    expect(shell).toContain('<div id="root"></div>')
    expect(shell).not.toContain('depot-server-state')
  })
})

describe('a visitor’s page, kept whole until its data changes', () => {
  let app: TestApp
  /** Pages whose data was loaded, and pages drawn. */
  let loads = 0
  let renders = 0
  /** The web's renderer, counting the pages it loads and draws. */
  const counting: RenderPage = async (request, fetch) => {
    loads++
    const page = await renderPage(request, fetch)
    if (!page) return page
    return {
      ...page,
      render: (options) => {
        renders++
        return page.render(options)
      },
    }
  }
  const counts = () => ({ loads, renders })

  beforeAll(async () => {
    app = await createTestApp({ webRoot, renderPage: counting, env: { SHOP_CURRENCY: 'NGN' } })
    await insertProduct(app.database.db, { name: 'Kept page' })
  })

  it('sends the page drawn for the first visitor to the next, without loading or drawing it again', async () => {
    const first = await app.request('/shop')
    const page = await first.text()
    expect(page).toContain('Kept page')
    const before = counts()
    const second = await app.request('/shop')
    expect(second.status).toBe(200)
    expect(await second.text()).toBe(page)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(second.headers.get('cache-control')).toBe('no-cache')
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    // Compressed, it is the same page; its ETag still revalidates; HEAD has the headers alone.
    const gzipped = await app.request('/shop', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8')).toBe(page)
    const brotli = await app.request('/shop', { headers: { 'Accept-Encoding': 'br' } })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8')).toBe(page)
    const revalidated = await app.request('/shop', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    })
    expect(revalidated.status).toBe(304)
    const head = await app.request('/shop', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(await head.text()).toBe('')
    expect(counts()).toEqual(before)
    // Another address is another page.
    await html(await app.request('/shop?page=1&sort=price&order=asc'))
    expect(counts()).toEqual({ loads: before.loads + 1, renders: before.renders + 1 })
  })

  it('draws the page again once a product, a setting or a site image changes, whoever writes it', async () => {
    const drawnAgain = async (change: () => Promise<unknown>) => {
      await app.request('/shop')
      const before = renders
      await change()
      const page = await html(await app.request('/shop'))
      expect(renders).toBe(before + 1)
      return page
    }
    const db = app.database.db
    expect(await drawnAgain(() => insertProduct(db, { name: 'Newer product' }))).toContain('Newer product')
    const renamed = drawnAgain(() =>
      db
        .updateTable('products')
        .set({ name: 'Renamed product' })
        .where('name', '=', 'Newer product')
        .execute(),
    )
    expect(await renamed).toContain('Renamed product')
    await drawnAgain(() =>
      db
        .insertInto('settings')
        .values({ key: 'test.any', value: '1', updatedAt: new Date().toISOString(), updatedBy: null })
        .execute(),
    )
    await drawnAgain(() =>
      db
        .insertInto('site_images')
        .values({
          kind: 'favicon',
          contentType: 'image/png',
          bytes: Buffer.from('png'),
          updatedAt: new Date().toISOString(),
        })
        .execute(),
    )
    const gone = await drawnAgain(() =>
      db.deleteFrom('products').where('name', '=', 'Renamed product').execute(),
    )
    expect(gone).not.toContain('Renamed product')
  })

  it('never keeps a page for a request that carries a session cookie or credentials', async () => {
    await app.request('/shop')
    const before = loads
    // An ended session's cookie: answered as a visitor's page, but never kept or taken from the kept ones.
    const stale = await app.request('/shop', { headers: { Cookie: 'depot.session=ended' } })
    expect(stale.status).toBe(200)
    await app.request('/shop', { headers: { Cookie: 'depot.session=ended' } })
    expect(loads).toBe(before + 2)
  })

  it('never keeps a page that failed while it was drawn', async () => {
    let failing = true
    let drawn = 0
    const broken = await createTestApp({
      webRoot,
      env: { SHOP_CURRENCY: 'NGN' },
      renderPage: async (request, fetch) => {
        const page = await renderPage(request, fetch)
        return (
          page && {
            ...page,
            render: (options) => {
              drawn++
              if (failing) options?.onError?.(new Error('a part of the page failed'))
              return page.render(options)
            },
          }
        )
      },
    })
    await html(await broken.request('/shop'))
    failing = false
    await html(await broken.request('/shop'))
    await html(await broken.request('/shop'))
    expect(drawn).toBe(2)
  })
})

describe('a share link’s page, rendered', () => {
  const asBrowser = { Accept: 'text/html' }

  /** Someone's own folder (they administer it) holding one file. */
  async function ownFolderWithFile(name: string, folderName: string, fileName: string) {
    const owner = await signedIn(t, { name })
    const root = await folder(t, folderName, { type: 'locked', createdBy: owner.id })
    await grant(t, root.id, owner.id, 'administrator')
    await file(t, root.id, fileName, 'plan')
    return { owner, root }
  }

  it('shows the shared folder’s files, hands its answers over, and is the visitor’s alone', async () => {
    const owner = await signedIn(t, { name: 'Sade Sharer' })
    const root = await folder(t, 'Shared plans', { type: 'locked', createdBy: owner.id })
    await grant(t, root.id, owner.id, 'administrator')
    const sub = await folder(t, 'Drafts', { type: 'public', parent_id: root.id })
    await file(t, root.id, 'floor-plan.pdf', 'plan')
    await file(t, sub.id, 'draft-one.txt', 'draft')
    const link = await call(owner, 'POST', `/api/folders/${root.id}/links`, { mode: 'download' }, 201)

    const res = await t.request(`/s/${link.token}`, { headers: asBrowser })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('etag')).toBeNull()
    const page = await html(res)
    expect(page).toContain('floor-plan.pdf')
    expect(page).toContain('Drafts')
    expect(page).toContain('Shared by Sade Sharer')
    const keys = handedOver(page).queries.queries.map((q) => JSON.stringify(q.queryKey))
    expect(keys).toEqual(
      expect.arrayContaining([
        JSON.stringify(['shared', link.token, 'open', 'info']),
        JSON.stringify(['shared', link.token, 'open', 'listing', '']),
      ]),
    )
    // The address names a subfolder: that folder is drawn.
    const inner = await html(await t.request(`/s/${link.token}?folder=${sub.id}`, { headers: asBrowser }))
    expect(inner).toContain('draft-one.txt')
    expect(inner).not.toContain('floor-plan.pdf')
  })

  it('asks for the password of a protected link and shows nothing of what it shares', async () => {
    const { owner, root } = await ownFolderWithFile('Pat Protector', 'Locked plans', 'secret-plan.pdf')
    const link = await call(
      owner,
      'POST',
      `/api/folders/${root.id}/links`,
      { mode: 'view', password: 'correct horse battery' },
      201,
    )
    const page = await html(await t.request(`/s/${link.token}`, { headers: asBrowser }))
    expect(page).toMatch(/<input[^>]*type="password"/)
    expect(page).not.toContain('secret-plan.pdf')
  })

  it('answers a token no link has with a 404 and a page that says so', async () => {
    const res = await t.request('/s/AAAAAAAAAAAAAAAAAAAAAA', { headers: asBrowser })
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const page = await html(res)
    // The page's heading says so (a page without one leaves screen readers nothing to jump to).
    expect(page).toMatch(/<h1[^>]*>This link does not work<\/h1>/)
    expect(page).toContain('There is no such link.')
    expect(page).not.toContain('Opening the link')
  })

  it('draws a link turned off as not working, with the 410 and the reason, and hands the answer over', async () => {
    const { owner, root } = await ownFolderWithFile('Tunde Turner', 'Old plans', 'old-plan.pdf')
    const link = await call(owner, 'POST', `/api/folders/${root.id}/links`, { mode: 'download' }, 201)
    await call(owner, 'DELETE', `/api/share-links/${link.id}`)

    const res = await t.request(`/s/${link.token}`, { headers: asBrowser })
    expect(res.status).toBe(410)
    const page = await html(res)
    expect(page).toContain('This link does not work')
    expect(page).toContain('Its owner has turned this link off.')
    expect(page).not.toContain('Opening the link')
    expect(page).not.toContain('old-plan.pdf')
    // The browser takes the page over from the answer the server drew it with, asking nothing again.
    const info = handedOver(page).queries.queries.find(
      (q) => JSON.stringify(q.queryKey) === JSON.stringify(['shared', link.token, 'open', 'info']),
    )
    expect(info?.state.data).toEqual({
      unusable: { status: 410, message: 'Its owner has turned this link off.' },
    })
  })
})

describe('a slow data source', () => {
  it('does not hold the page: after the data budget the shell is sent, and the browser renders it', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let answered = false
    const slow = await createTestApp({
      webRoot,
      env: { SHOP_CURRENCY: 'NGN', PAGE_DATA_BUDGET_MS: '300' },
      renderPage: async (request, fetch) => {
        await held
        return renderPage(request, fetch)
      },
    })
    try {
      const res = await slow.request('/shop')
      answered = true
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBeNull()
      const page = await res.text()
      expect(page).toContain('<div id="root"></div>')
      expect(page).not.toContain('depot-server-state')
    } finally {
      release()
    }
    // The answer came while the data was still held, not after it.
    expect(answered).toBe(true)
  })
})
