import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withPageChunkPreload } from './page-chunk-preload'

// A built web root on disk: dist/web beside dist/web-chunks.json, as `npm run build` leaves them.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-page-chunks-'))
const webRoot = path.join(dist, 'web')
fs.mkdirSync(webRoot)
fs.writeFileSync(
  path.join(dist, 'web-chunks.json'),
  JSON.stringify({
    entry: 'assets/index-E.js',
    chunks: {
      'assets/index-E.js': { page: 'src/web/index.html', imports: [] },
      'assets/shop-page-S.js': {
        page: 'src/web/features/shop/storefront/shop-page.tsx',
        imports: ['assets/index-E.js', 'assets/price-P.js'],
      },
      'assets/price-P.js': { page: null, imports: ['assets/index-E.js', 'assets/money-M.js'] },
      'assets/money-M.js': { page: null, imports: [] },
      'assets/product-page-R.js': {
        page: 'src/web/features/shop/storefront/product-page.tsx',
        imports: ['assets/index-E.js', 'assets/price-P.js'],
      },
      'assets/cart-page-C.js': { page: 'src/web/features/shop/cart/cart-page.tsx', imports: [] },
    },
  }),
)
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const shell = '<html><head><title>Depot</title></head><body></body></html>'
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1])
const at = (pathname: string) => new URL(pathname, 'http://depot.test')

describe('the shop pages name their chunks for modulepreload', () => {
  it('lists /shop’s page chunk and what it imports, the entry left out, in the head', () => {
    const html = withPageChunkPreload(webRoot, at('/shop'), shell)
    expect(preloads(html)).toEqual(['/assets/shop-page-S.js', '/assets/price-P.js', '/assets/money-M.js'])
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'))
    expect(preloads(withPageChunkPreload(webRoot, at('/shop?q=kit'), shell))).toHaveLength(3)
  })

  it('lists the product page’s chunks on /shop/<slug>', () => {
    expect(preloads(withPageChunkPreload(webRoot, at('/shop/a-kit'), shell))).toEqual([
      '/assets/product-page-R.js',
      '/assets/price-P.js',
      '/assets/money-M.js',
    ])
  })

  it('leaves other pages, and a build without the chunk list, as they are', () => {
    for (const page of ['/cart', '/shop/checkout/callback', '/files', '/']) {
      expect(withPageChunkPreload(webRoot, at(page), shell), page).toBe(shell)
    }
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-no-chunks-'))
    try {
      expect(withPageChunkPreload(path.join(bare, 'web'), at('/shop'), shell)).toBe(shell)
    } finally {
      fs.rmSync(bare, { recursive: true, force: true })
    }
  })
})
