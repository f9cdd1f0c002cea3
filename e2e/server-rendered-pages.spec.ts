import type { Browser, Page } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// The public pages come from the server rendered, and the browser takes them over as they are: on a
// phone and a desktop, in both themes, hydration logs no error or warning and asks the API nothing the
// server already answered. Signed in, the same pages (rendered by the browser) log none either. With
// scripts off, the shop lists its products, a product page shows its name and price, and a share
// link's page lists the folder it shares.

const tag = `ssr${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const seller = {
  email: `${tag}.seller@example.test`,
  password: PASSWORD,
  firstName: 'Rena',
  lastName: 'Render',
  role: 'staff' as const,
  functions: ['UploadProducts'],
  verified: true,
}
const productName = `Server kit ${tag}`
let slug = ''
let shareToken = ''

test.describe.configure({ mode: 'serial', timeout: 240_000 })

test.beforeAll(async ({ browser }) => {
  await createUsers([seller])
  const context = await browser.newContext({ baseURL: process.env.DEPOT_E2E_BASE_URL })
  const page = await context.newPage()
  await signIn(page, seller.email, seller.password)
  const created = await page.request.post('/api/shop/products', {
    headers: { Origin: process.env.DEPOT_E2E_BASE_URL! },
    data: {
      name: productName,
      type: 'Kits',
      price: 123_456,
      description: 'A **kit** for rendering.',
      product_url: 'https://example.com/kit',
      isPublished: true,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  slug = ((await created.json()) as { slug: string }).slug
  // A folder with a subfolder, shared by a download link: its page is rendered with the listing.
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL! }
  const top = await page.request.post('/api/folders', { headers, data: { folder_name: `Shared ${tag}` } })
  expect(top.status(), await top.text()).toBe(201)
  const folderId = ((await top.json()) as { id: string }).id
  const inner = await page.request.post('/api/folders', {
    headers,
    data: { folder_name: 'Inner plans', parent_id: folderId },
  })
  expect(inner.status(), await inner.text()).toBe(201)
  const link = await page.request.post(`/api/folders/${folderId}/links`, {
    headers,
    data: { mode: 'download' },
  })
  expect(link.status(), await link.text()).toBe(201)
  shareToken = ((await link.json()) as { token: string }).token
  await context.close()
})

const PAGES = () => [
  { path: '/', status: 200 },
  { path: '/shop', status: 200 },
  { path: `/shop?q=${tag}&sort=price&order=asc`, status: 200 },
  { path: `/shop/${slug}`, status: 200 },
  { path: '/quote', status: 200 },
  { path: '/contact', status: 200 },
  { path: '/ebook', status: 200 },
  // A share link's page is its holder's alone: never stored by anyone.
  { path: `/s/${shareToken}`, status: 200, cacheControl: 'private, no-store' },
  { path: `/no-such-page-${tag}`, status: 404 },
]
/** The answers a server-rendered page carries: asking for them again at hydration is the bug. */
const HANDED_OVER = () => [
  '/api/shop/products',
  '/api/shop/types',
  '/api/site',
  '/api/site/words',
  '/api/shop/featured',
  '/api/auth/session',
  `/api/s/${shareToken}`,
  `/api/s/${shareToken}/listing`,
]
const VIEWPORTS = [
  { width: 390, height: 844, isMobile: true },
  { width: 1280, height: 800, isMobile: false },
]

async function visitAll(browser: Browser, theme: 'light' | 'dark', signedIn: boolean) {
  // Signed in, nothing is hydrated (see below), so the viewport cannot make server and browser
  // disagree either: the desktop covers it.
  for (const viewport of signedIn ? VIEWPORTS.filter((v) => !v.isMobile) : VIEWPORTS) {
    const context = await browser.newContext({
      baseURL: process.env.DEPOT_E2E_BASE_URL,
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.isMobile,
      hasTouch: viewport.isMobile,
      colorScheme: theme,
    })
    const page = await context.newPage()
    if (signedIn) await signIn(page, seller.email, seller.password)
    const problems = watchHydration(page)
    for (const { path, status, cacheControl } of PAGES()) {
      const calls: string[] = []
      const onRequest = (request: { url(): string }) => {
        const url = new URL(request.url())
        if (HANDED_OVER().includes(url.pathname)) calls.push(url.pathname)
      }
      page.on('request', onRequest)
      const response = await page.goto(path)
      // Signed in, every address gets the shell (200), whose router draws the not-found page.
      expect(response?.status(), path).toBe(signedIn ? 200 : status)
      expect(response?.headers()['cache-control'], path).toBe(
        signedIn ? 'no-cache' : (cacheControl ?? 'no-cache'),
      )
      // Hydrated: the server's state was read and removed, and the app answers a click (the theme).
      await expect(page.locator('#depot-server-state')).toHaveCount(0)
      await expect(page.locator('html')).toHaveClass(new RegExp(theme))
      // Signed in, the browser renders the page itself and asks; a visitor's page asks nothing, which
      // is known once the network has been quiet for a while.
      if (!signedIn) {
        await page.waitForLoadState('networkidle')
        expect(calls, `API calls the server had answered, on ${path}`).toEqual([])
      }
      page.off('request', onRequest)
    }
    expect(problems, `hydration problems at ${viewport.width}px, ${theme}`).toEqual([])
    await context.close()
  }
}

/** React's hydration errors and warnings, from the console and uncaught errors. */
function watchHydration(page: Page): string[] {
  const problems: string[] = []
  const hydration = /hydrat|did not match|server rendered|#418|#423|#425/i
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && hydration.test(message.text())) {
      problems.push(`${message.type()} on ${page.url()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => {
    if (hydration.test(error.message)) problems.push(`error on ${page.url()}: ${error.message}`)
  })
  return problems
}

for (const theme of ['light', 'dark'] as const) {
  test(`every server-rendered page hydrates cleanly, ${theme} theme, signed out`, async ({ browser }) => {
    await visitAll(browser, theme, false)
  })
}
// Signed in, the browser draws every page itself: nothing is hydrated, so the theme, which is all a dark
// run would change, cannot make server and browser disagree. One theme, at one width, covers it.
test('every page loads without a hydration error, light theme, signed in', async ({ browser }) => {
  await visitAll(browser, 'light', true)
})

test('without JavaScript the shop lists its products and a product page shows its name and price', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: process.env.DEPOT_E2E_BASE_URL,
    javaScriptEnabled: false,
  })
  const page = await context.newPage()
  await page.goto(`/shop?q=${tag}`)
  const card = page.getByRole('link', { name: productName })
  await expect(card).toBeVisible()
  await card.click()
  await expect(page).toHaveURL(new RegExp(`/shop/${slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
  await expect(page.getByText('₦1,234.56').first()).toBeVisible()
  await expect(page.getByText('kit', { exact: true })).toBeVisible()
  // A shared folder's page lists what it shares.
  await page.goto(`/s/${shareToken}`)
  await expect(page.getByText('Inner plans')).toBeVisible()
  await context.close()
})
