import fs from 'node:fs'
import path from 'node:path'
import type { ChunkAudience } from '../scripts/chunk-audience'
import { expect, test } from './support/fixtures'

// The shop's first load on a phone, as a visitor (decision 0096): the JavaScript it downloads (counted
// as the gzip files the server sends, and printed), none of the staff's chunks (dist/web-chunks.json, written by the
// build), the page's chunk preloaded from the HTML, no layout shift worth the name, and the catalogue
// drawn from the page's own HTML with no call to the products API.

const CLS_BUDGET = 0.05

const webRoot = path.resolve(import.meta.dirname, '..', 'dist', 'web')
const audience = JSON.parse(
  fs.readFileSync(path.join(webRoot, '..', 'web-chunks.json'), 'utf8'),
) as ChunkAudience

/** What the server sends for a built file to a gzip client: its .gz copy when there is one. */
function gzipBytes(urlPath: string): number {
  const file = path.join(webRoot, decodeURIComponent(urlPath))
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size
}

test('a visitor on a phone loads /shop light, without staff code, layout shifts or a products call', async ({
  browser,
  browserIssues,
}) => {
  const context = await browser.newContext({
    baseURL: process.env.DEPOT_E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await browserIssues.watch(page)
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number }
    w.__cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const scripts: string[] = []
  const productCalls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'script') scripts.push(url.pathname)
    if (url.pathname === '/api/shop/products') productCalls.push(url.href)
  })

  await page.goto('/shop')
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
  // The grid or, on an empty catalogue, its empty state: either way drawn from the embedded page.
  await expect(
    page.getByRole('region', { name: 'Products' }).or(page.getByText('Nothing for sale yet')),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')

  expect(productCalls, 'the first page came with the HTML').toEqual([])
  await expect(page.locator('#depot-server-state')).toHaveCount(0)

  const staff = scripts.filter((p) => audience.chunks[p.replace(/^\//, '')]?.audience !== 'public')
  expect(staff, 'chunks that are not the public shop’s').toEqual([])
  expect(scripts).toContain(`/${audience.entry}`)
  // The page's own chunk is named in the HTML, so it downloads beside the entry rather than after it.
  const shopPage = Object.keys(audience.chunks).find(
    (file) => audience.chunks[file]?.page === 'src/web/features/shop/storefront/shop-page.tsx',
  )
  await expect(page.locator(`link[rel="modulepreload"][href="/${shopPage}"]`)).toHaveCount(1)

  // Printed, not held to a ceiling: the page's speed is judged by Lighthouse (bench/lighthouse.bench.ts).
  const total = scripts.reduce((sum, p) => sum + gzipBytes(p), 0)
  test.info().annotations.push({
    type: 'first-load JavaScript',
    description: `${(total / 1024).toFixed(1)} KB gzip over ${scripts.length} files`,
  })
  console.log(
    `/shop first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzip over ${scripts.length} files`,
  )

  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
  expect(cls, 'cumulative layout shift').toBeLessThanOrEqual(CLS_BUDGET)
  await context.close()
})
