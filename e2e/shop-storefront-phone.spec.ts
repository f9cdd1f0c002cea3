import type { Browser } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// The storefront on a 390 px phone: the shop is a grid of products, not a staff table (no table, no
// "Columns" menu, no "Rows per page"), and the only Cart control is the header's. A product opens at
// its readable slug address, and an old id address (/shop/<uuid>) is redirected there by the server.
// The search box works before the page's script has run (a slow phone): Enter searches through the
// server, and what was typed meanwhile is searched once the script takes the page over.

const tag = `sfp${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const seller = {
  email: `${tag}.seller@example.test`,
  password: PASSWORD,
  firstName: 'Sade',
  lastName: 'Seller',
  role: 'staff' as const,
  functions: ['UploadProducts'],
  verified: true,
}
const productName = `Phone kit ${tag}`

test.describe.configure({ timeout: 120_000 })
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test.beforeAll(async () => {
  await createUsers([seller])
})

/** Publishes a product through the API the product editor uses. */
async function publish(browser: Browser, name: string): Promise<{ id: string; slug: string }> {
  const sellerContext = await browser.newContext()
  const sellerPage = await sellerContext.newPage()
  await signIn(sellerPage, seller.email, seller.password)
  const created = await sellerPage.request.post('/api/shop/products', {
    headers: { Origin: process.env.DEPOT_E2E_BASE_URL! },
    data: {
      name,
      type: `Kits ${tag}`,
      price: 120_000,
      product_url: 'https://example.com/kit',
      isPublished: true,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const product = (await created.json()) as { id: string; slug: string }
  await sellerContext.close()
  return product
}

test('the shop at 390 px, a product at its slug, and an old id link redirected to the slug', async ({
  page,
  browser,
}) => {
  const product = await publish(browser, productName)
  expect(product.slug).toMatch(new RegExp(`^phone-kit-${tag}`))

  await page.goto(`/shop?q=${tag}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
  const card = page.getByRole('link', { name: productName })
  await expect(card).toBeVisible()
  // A storefront, not a staff table.
  await expect(page.getByRole('table')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Columns' })).toHaveCount(0)
  await expect(page.getByText(/rows per page/i)).toHaveCount(0)
  // One way to the cart on a phone: the header's.
  const cartControls = page
    .getByRole('link', { name: /cart/i })
    .or(page.getByRole('button', { name: /cart/i }))
    .filter({ visible: true })
  await expect(cartControls).toHaveCount(1)
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toBeVisible()
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'the shop scrolls sideways',
  ).toBe(true)

  await card.click()
  await expect(page).toHaveURL(new RegExp(`/shop/${product.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()

  // An old link by id: the server answers 308 to the slug, and the browser lands on it.
  const old = await page.request.get(`/shop/${product.id}`, { maxRedirects: 0 })
  expect(old.status()).toBe(308)
  expect(old.headers().location).toBe(`/shop/${product.slug}`)
  await page.goto(`/shop/${product.id}`)
  await expect(page).toHaveURL(new RegExp(`/shop/${product.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
})

test('a search typed before the script runs is searched once it does; Enter searches without it', async ({
  page,
  browser,
}) => {
  const word = `early${tag}`
  const name = `Search kit ${word}`
  const other = `Other kit ${tag}`
  await publish(browser, name)
  await publish(browser, other)
  const card = page.getByRole('link', { name })

  // The page's scripts are held: the server's HTML is up, React has not taken it over.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\.js(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  // goto resolves once React has taken the page over (support/hydration.ts), so it is awaited last.
  const loading = page.goto('/shop')
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
  const search = page.getByLabel('Search products')
  await search.fill(word)
  release()
  await loading
  await expect(search).toHaveValue(word)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`))
  await expect(card).toBeVisible()
  await expect(page.getByRole('link', { name: other })).toHaveCount(0)

  // Without JavaScript the search box is a form: Enter asks the server for the searched shop.
  const noScript = await browser.newContext({
    baseURL: process.env.DEPOT_E2E_BASE_URL,
    javaScriptEnabled: false,
  })
  const plain = await noScript.newPage()
  await plain.goto('/shop')
  await plain.getByLabel('Search products').fill(word)
  await plain.getByLabel('Search products').press('Enter')
  await expect(plain).toHaveURL(new RegExp(`/shop\\?q=${word}$`))
  await expect(plain.getByRole('link', { name })).toBeVisible()
  await expect(plain.getByRole('link', { name: other })).toHaveCount(0)
  await noScript.close()
})
