import type { Page } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// Staff screens on a phone and a desktop: every staff table page fits 390 px without the page
// scrolling sideways (a wide table scrolls inside its own box), the staff navigation lists the pages
// the user may open (a sidebar on desktop, a "Staff pages" menu on phones), and the customers pages
// pass axe.

test.describe.configure({ timeout: 180_000 })

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
  await createUsers([admin, shopStaff])
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
  await expect(sidebar.getByRole('link')).toHaveText(['Shop orders', 'Customers'])
  await expect(sidebar.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await sidebar.getByRole('link', { name: 'Shop orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
})
