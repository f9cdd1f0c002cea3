import type { Browser, Page } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { type BrowserIssues, expect, test } from './support/fixtures'

// Staff screens on a phone and a desktop: every staff table page fits 390 px without the page
// scrolling sideways (a wide table scrolls inside its own box), the staff navigation lists the pages
// the user may open (a sidebar on desktop, a "Staff pages" menu on phones), and the customers pages
// pass axe.

// Serial: the users are made once, in one worker.
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const tag = `ss${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const admin = {
  email: `${tag}.admin.with.a.rather.long.address@example.test`,
  password: PASSWORD,
  firstName: 'Adaeze',
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

const seller = {
  email: `${tag}.seller@example.test`,
  password: PASSWORD,
  firstName: 'Seyi',
  lastName: 'Seller',
  role: 'staff' as const,
  functions: ['UploadProducts', 'AccessShop'],
  verified: true,
}
const corporateBuyer = {
  email: `${tag}.buyer@example.test`,
  password: PASSWORD,
  firstName: 'Chidi',
  lastName: `Corporate${tag}`,
  accountType: 'corporate' as const,
  businessName: `Acme ${tag} Ltd`,
  industry: 'Retail',
  verified: true,
}

const STAFF_TABLE_PAGES: readonly { path: string; heading: string }[] = [
  { path: '/staff/orders', heading: 'Orders' },
  { path: '/staff/customers', heading: 'Customers' },
  { path: '/admin/products', heading: 'Products' },
  { path: '/admin/users', heading: 'Users' },
  { path: '/admin/audit', heading: 'Audit log' },
  { path: '/staff/quotes', heading: 'Quote requests' },
  { path: '/staff/contacts', heading: 'Contact messages' },
  { path: '/staff/ebook', heading: 'E-book list' },
]

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([admin, shopStaff, seller, corporateBuyer])
})

async function scrollsSideways(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }
  })
}

test('every staff table page fits a 390 px phone, and the staff menu leads between them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, admin.email, admin.password)
  for (const { path } of STAFF_TABLE_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The table (or its empty state) has rendered: no skeleton left.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    const { scrollWidth, clientWidth } = await scrollsSideways(page)
    expect(scrollWidth, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(clientWidth)
  }

  // On a phone the staff navigation is a menu above the page.
  await page.goto('/staff/orders')
  const menu = page.getByRole('navigation', { name: 'Staff pages' }).filter({ visible: true })
  await menu.getByText('Staff pages').click()
  await menu.getByRole('link', { name: 'Customers' }).click()
  await expect(page).toHaveURL(/\/staff\/customers$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('on a desktop the staff sidebar lists only the pages the user may open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, shopStaff.email, shopStaff.password)
  await page.goto('/staff/customers')
  const sidebar = page.getByRole('navigation', { name: 'Staff pages' }).filter({ visible: true })
  await expect(sidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Shop orders',
    'Customers',
    'Discount codes',
  ])
  await expect(sidebar.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  // The staff pages use the screen's width: the page's column reaches the window's padding.
  const column = await page.getByRole('heading', { level: 1, name: 'Customers' }).evaluate((h) => {
    const box = h.closest('main')!.firstElementChild!.getBoundingClientRect()
    return { left: box.left, right: box.right }
  })
  expect(column.left).toBeLessThanOrEqual(20)
  expect(column.right).toBeGreaterThanOrEqual(1280 - 20)
  await sidebar.getByRole('link', { name: 'Shop orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
})

async function publishProduct(browser: Browser, browserIssues: BrowserIssues, name: string): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await browserIssues.watch(page)
  await signIn(page, seller.email, seller.password)
  await page.goto('/admin/products/new')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('combobox', { name: 'Type', exact: true }).fill(`Kits ${tag}`)
  await page.getByRole('textbox', { name: 'Price (NGN)' }).fill('3001')
  await page.getByRole('textbox', { name: 'Description' }).fill('Everything a brand needs.')
  await page.getByRole('radio', { name: 'A link' }).check()
  await page.getByRole('textbox', { name: /^Link/ }).fill('https://example.com/kit')
  await page.getByLabel('Published: shown in the shop and for sale').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''
  await context.close()
  return id
}

test('a corporate buyer appears among the customers with what they spent; their page lists the order by its product', async ({
  browser,
  browserIssues,
  page,
}) => {
  const productName = `Brand Kit ${tag}`
  const productId = await publishProduct(browser, browserIssues, productName)

  const buyerContext = await browser.newContext()
  const buyerPage = await buyerContext.newPage()
  await browserIssues.watch(buyerPage)
  await signIn(buyerPage, corporateBuyer.email, PASSWORD)
  await buyerPage.goto(`/shop/${productId}`)
  await buyerPage.getByRole('button', { name: 'Add to cart' }).click()
  await buyerPage.getByRole('link', { name: /In your cart/ }).click()
  await buyerPage.getByRole('button', { name: 'Checkout' }).click()
  await expect(buyerPage).toHaveURL(/\/_emulator\/paystack\/checkout\//)
  await buyerPage.getByRole('button', { name: 'Pay ₦3,001.00' }).click()
  await expect(buyerPage.getByText('Payment received')).toBeVisible()
  await buyerContext.close()

  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, shopStaff.email, shopStaff.password)
  await page.goto(`/staff/customers?q=${encodeURIComponent(corporateBuyer.businessName)}`)
  const row = page.getByRole('row', { name: new RegExp(corporateBuyer.lastName) })
  await expect(row).toContainText(corporateBuyer.businessName)
  await expect(row).toContainText('₦3,001.00')
  await expect(row).toContainText('Corporate')
  await row.getByRole('link', { name: `${corporateBuyer.firstName} ${corporateBuyer.lastName}` }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: `${corporateBuyer.firstName} ${corporateBuyer.lastName}` }),
  ).toBeVisible()
  await expect(page.getByText('Total spent')).toBeVisible()
  const orderLink = page.getByRole('main').getByRole('link', { name: productName, exact: true })
  await expect(orderLink).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  const { scrollWidth, clientWidth } = await scrollsSideways(page)
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
  expect(await seriousViolations(page)).toEqual([])
  await orderLink.click()
  await expect(page).toHaveURL(/\/staff\/orders\/[0-9a-f-]{36}$/)
})
