import type { Browser } from '@playwright/test'
import { PASSWORD, uniqueEmail } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { type BrowserIssues, expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'

// A partial refund, seen by both sides through the UI only, on the built-in Paystack emulator: shop
// staff refund part of a paid order on its staff page, which turns "Partly refunded" by itself when
// Paystack's webhook settles it (no reload); the buyer's order page shows the amount refunded and
// what they paid after it, the bell's page says "Your order … was refunded ₦1,500.50", and the
// refund notice arrives at the SMTP server. Works the same on SQLite and PostgreSQL.

test.use({ colorScheme: 'light' })
test.describe.configure({ timeout: 120_000 })

const tag = `rf${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const staff = {
  email: `${tag}.staff@example.test`,
  password: PASSWORD,
  firstName: 'Sade',
  lastName: 'Shop',
  role: 'staff' as const,
  functions: ['UploadProducts', 'AccessShop'],
  verified: true,
}
const buyer = { email: uniqueEmail('refunded'), firstName: 'Remi', lastName: 'Refunded' }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([staff, { ...buyer, password: PASSWORD, verified: true }])
})

async function publishProduct(browser: Browser, browserIssues: BrowserIssues, name: string): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await browserIssues.watch(page)
  await signIn(page, staff.email, staff.password)
  await page.goto('/admin/products/new')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('combobox', { name: 'Type', exact: true }).fill(`Kits ${tag}`)
  await page.getByRole('textbox', { name: 'Price (NGN)' }).fill('3001')
  await page.getByRole('textbox', { name: 'Description' }).fill('Everything a brand needs.')
  await page.getByRole('radio', { name: 'A file' }).check()
  await page
    .getByLabel('Choose the file')
    .setInputFiles({ name: 'kit.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 ${tag}`) })
  await expect(page.getByText('kit.pdf ·')).toBeVisible()
  await page.getByLabel('Published: shown in the shop and for sale').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''
  await context.close()
  return id
}

test('a partial refund shows on the staff page without a reload, and to the buyer in every place', async ({
  browser,
  browserIssues,
}) => {
  const productName = `Brand Kit ${tag}`
  const productId = await publishProduct(browser, browserIssues, productName)

  // The buyer pays.
  const buyerContext = await browser.newContext()
  const page = await buyerContext.newPage()
  await browserIssues.watch(page)
  await signIn(page, buyer.email, PASSWORD)
  await page.goto(`/shop/${productId}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByRole('link', { name: /In your cart/ }).click()
  await page.getByRole('button', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/_emulator\/paystack\/checkout\//)
  await page.getByRole('button', { name: 'Pay ₦3,001.00' }).click()
  await expect(page.getByText('Payment received')).toBeVisible()
  await page.goto('/account/orders')
  await page.getByRole('main').getByRole('link', { name: productName, exact: true }).first().click()
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/)
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? ''

  // Staff refund ₦1,500.50 of it; the page follows Paystack's answer by itself.
  const staffContext = await browser.newContext()
  const staffPage = await staffContext.newPage()
  await browserIssues.watch(staffPage)
  await signIn(staffPage, staff.email, staff.password)
  await staffPage.goto(`/staff/orders/${orderId}`)
  await expect(staffPage.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible()
  await staffPage.getByLabel('Amount (leave empty for everything refundable)').fill('1500.50')
  await staffPage.getByLabel('Reason (optional)').fill('one file was damaged')
  await staffPage.getByRole('button', { name: 'Refund…' }).click()
  await staffPage.getByRole('alertdialog').getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(staffPage.getByText('Partly refunded')).toBeVisible({ timeout: 30_000 })
  await expect(staffPage.getByRole('row', { name: /Refunded/ })).toContainText('₦1,500.50')
  await staffContext.close()

  // The buyer's order page: the status, the refund and what they paid after it.
  await page.reload()
  await expect(page.getByText('Partly refunded')).toBeVisible()
  await expect(page.getByRole('row', { name: /^Refunded/ })).toContainText('−₦1,500.50')
  await expect(page.getByRole('row', { name: /Paid after refunds/ })).toContainText('₦1,500.50')
  const refunds = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Refunds' }) })
  await expect(refunds.getByRole('listitem')).toHaveCount(1)
  await expect(refunds.getByRole('listitem')).toContainText('Refunded')
  await expect(refunds.getByRole('listitem')).toContainText('₦1,500.50')
  await expect(page.getByText('one file was damaged')).toHaveCount(0)
  // A partial refund leaves the downloads.
  await expect(page.getByRole('link', { name: new RegExp(productName) })).toHaveAttribute(
    'href',
    /\/api\/shop\/downloads\//,
  )
  expect(await seriousViolations(page), 'accessibility of the refunded order page').toEqual([])

  // The notification says it in words, and leads to the order.
  await page.goto('/notifications')
  const note = page.getByRole('link', { name: `Your order ${productName} was refunded ₦1,500.50` })
  await expect(note).toBeVisible()
  await note.click()
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`))

  // And the refund notice, at the SMTP server.
  const notice = await waitForMail(buyer.email, /was refunded/)
  expect(notice.subject).toContain(`Your order ${productName} was refunded ₦1,500.50`)
  expect((notice.text ?? '').replace(/\s+/g, ' ')).toContain('Your downloads and links stay available.')
  await buyerContext.close()
})
