import fs from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { createUsers, parseCsv, signIn } from './support/admin-users'
import { type BrowserIssues, expect, test } from './support/fixtures'
import { fitsAndPassesAxeInBothThemes } from './support/themes'

// The dashboard, through the UI: an admin and a shop-only staff member land on it after signing in (an
// explicit callbackUrl still wins), switch periods (kept in the URL across a reload), see a paid
// order's revenue in the top products' table (and, admins, the site's first steps with the product
// ticked), and download a chart's CSV; at 390 px and 1280 px, in
// the light and the dark theme, axe clean and with no sideways scroll. The shop-only staff member sees
// the shop's part and neither the inbox's nor the storage's.

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const tag = `db${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const admin = {
  email: `${tag}.admin@example.test`,
  password: PASSWORD,
  firstName: 'Dami',
  lastName: 'Admin',
  role: 'admin' as const,
  verified: true,
}
const shopStaff = {
  email: `${tag}.shop@example.test`,
  password: PASSWORD,
  firstName: 'Sola',
  lastName: 'Shop',
  role: 'staff' as const,
  functions: ['AccessShop'],
  verified: true,
}
const buyer = {
  email: `${tag}.buyer@example.test`,
  password: PASSWORD,
  firstName: 'Bisi',
  lastName: 'Buyer',
  verified: true,
}
// A price no other test uses, high enough to be among the day's ten best sellers.
const productName = `Dashboard kit ${tag}`
const PRICE = '₦987,654.00'

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([admin, shopStaff, buyer])
})

async function publishAndBuy(browser: Browser, browserIssues: BrowserIssues): Promise<void> {
  const adminContext = await browser.newContext()
  const page = await adminContext.newPage()
  await browserIssues.watch(page)
  await signIn(page, admin.email, admin.password)
  await page.goto('/admin/products/new')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName)
  await page.getByRole('combobox', { name: 'Type', exact: true }).fill(`Kits ${tag}`)
  await page.getByRole('textbox', { name: 'Price (NGN)' }).fill('987654')
  await page.getByRole('textbox', { name: 'Description' }).fill('Everything a dashboard needs.')
  await page.getByRole('radio', { name: 'A file' }).check()
  await page
    .getByLabel('Choose the file')
    .setInputFiles({ name: 'kit.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 ${tag}`) })
  await expect(page.getByText('kit.pdf ·')).toBeVisible()
  await page.getByLabel('Published: shown in the shop and for sale').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/)
  const productId = new URL(page.url()).pathname.split('/').pop() ?? ''
  await adminContext.close()

  const buyerContext = await browser.newContext()
  const buyerPage = await buyerContext.newPage()
  await browserIssues.watch(buyerPage)
  await buy(buyerPage, productId)
  await buyerContext.close()
}

async function buy(page: Page, productId: string) {
  await signIn(page, buyer.email, buyer.password)
  await page.goto(`/shop/${productId}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByRole('link', { name: /In your cart/ }).click()
  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/_emulator\/paystack\/checkout\//)
  await page.getByRole('button', { name: `Pay ${PRICE}` }).click()
  await expect(page.getByText('Payment received')).toBeVisible()
}

async function signInThroughForm(page: Page, email: string, path = '/sign-in') {
  await page.goto(path)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading the dashboard' })).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/**
 * The first steps of a new site. Other tests on this shared server may have done some (a logo, an
 * invitation, the mailbox): a product exists now, so that step is ticked; the card shows while the
 * server says a step is left, with its four steps linked to where they are done.
 */
async function seesFirstSteps(page: Page) {
  const res = await page.request.get('/api/admin/first-steps')
  expect(res.status()).toBe(200)
  const steps = (await res.json()) as { steps: { key: string; done: boolean }[]; show: boolean }
  expect(steps.steps.find((s) => s.key === 'product')?.done).toBe(true)
  const card = page.getByRole('region', { name: 'First steps' })
  if (!steps.show) {
    await expect(card).toHaveCount(0)
    return
  }
  await expect(card.getByRole('listitem')).toHaveCount(4)
  const links = [
    ['Add a logo', '/admin/site'],
    ['Add your first product', '/admin/products/new'],
    ['Invite staff', '/admin/users'],
    ['Connect the mailbox', '/admin/inbox-settings'],
  ] as const
  for (const [name, href] of links) {
    await expect(card.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await expect(card.locator('[data-step="product"]')).toContainText('Done.')
}

test('an admin lands on the dashboard, sees a paid order’s revenue and downloads a chart’s CSV', async ({
  page,
  browser,
  browserIssues,
}) => {
  await publishAndBuy(browser, browserIssues)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughForm(page, admin.email)
  await expect(page).toHaveURL(/\/staff\/dashboard$/)
  await settled(page)
  const sidebar = page.getByRole('navigation', { name: 'Staff pages' }).filter({ visible: true })
  await expect(sidebar.getByRole('link').first()).toHaveText('Dashboard')
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked()
  await expect(page.getByRole('heading', { level: 2, name: 'Inbox' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Storage' })).toBeVisible()
  await seesFirstSteps(page)

  // Today: the order paid a moment ago is among the top products, in the chart's table.
  await page.getByRole('radio', { name: 'Today' }).check()
  await expect(page).toHaveURL(/\?period=today$/)
  await settled(page)
  await page.reload()
  await settled(page)
  await expect(page.getByRole('radio', { name: 'Today' })).toBeChecked()
  const products = page.getByRole('figure', { name: 'Top products by revenue' })
  await expect(products.getByRole('img')).toHaveAttribute('aria-label', new RegExp(productName))
  await products.getByText('Show the numbers').click()
  await expect(products.getByRole('row', { name: new RegExp(productName) })).toContainText(PRICE)
  await fitsAndPassesAxeInBothThemes(page, '/staff/dashboard at 1280 px')

  const download = page.waitForEvent('download')
  await products.getByRole('button', { name: /Download CSV/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(
    /^dashboard-top-products-by-revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const rows = parseCsv(fs.readFileSync(await file.path(), 'utf8'))
  expect(rows[0]).toEqual(['Product', 'Revenue (NGN)', 'Quantity'])
  expect(rows).toContainEqual([productName, '987654.00', '1'])
})

test('a shop-only staff member on a phone sees the shop’s part, and switches to a custom range', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInThroughForm(page, shopStaff.email)
  await expect(page).toHaveURL(/\/staff\/dashboard$/)
  await settled(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Shop' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Inbox' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'Storage' })).toHaveCount(0)
  await expect(page.getByText(/vs previous 30 days/).first()).toBeVisible()

  await page.getByRole('radio', { name: '7 days' }).check()
  await expect(page).toHaveURL(/\?period=7d$/)
  await settled(page)
  await expect(page.getByText(/vs previous 7 days/).first()).toBeVisible()

  // A custom range: the days are checked before anything is asked.
  await page.getByRole('radio', { name: 'Custom range' }).check()
  const range = page.getByRole('form', { name: 'Custom range' })
  await range.getByLabel('From').fill('2026-02-10')
  await range.getByLabel('To').fill('2026-02-01')
  await range.getByRole('button', { name: 'Show this range' }).click()
  await expect(range.getByText('The last day must not be before the first.')).toBeVisible()
  await range.getByLabel('To').fill('2026-02-20')
  await range.getByRole('button', { name: 'Show this range' }).click()
  await expect(page).toHaveURL(/\?period=custom&from=2026-02-10&to=2026-02-20$/)
  await settled(page)
  await expect(page.getByText(/vs previous 11 days/).first()).toBeVisible()

  const revenue = page.getByRole('figure', { name: 'Revenue and orders' })
  await expect(revenue).toBeVisible()
  await page.getByRole('radio', { name: 'Today' }).check()
  await settled(page)
  const products = page.getByRole('figure', { name: 'Top products by revenue' })
  await products.getByText('Show the numbers').click()
  await expect(products.getByRole('row', { name: new RegExp(productName) })).toContainText(PRICE)
  await fitsAndPassesAxeInBothThemes(page, '/staff/dashboard at 390 px')
})

test('an explicit callbackUrl still wins over the dashboard', async ({ page }) => {
  await signInThroughForm(page, shopStaff.email, '/sign-in?callbackUrl=%2Fstaff%2Forders')
  await expect(page).toHaveURL(/\/staff\/orders$/)
})
