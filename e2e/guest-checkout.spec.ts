import type { Browser, Page } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'
import { fitsAndPassesAxeInBothThemes } from './support/themes'

// Buying without an account (docs/decisions/0140), through the UI on the built-in Paystack emulator:
// a visitor buys a product on one screen (an e-mail address and Pay), pays on the emulator's page,
// lands on a page for that order saying the receipt was mailed, follows the receipt's link, chooses a
// password and sees the order signed in, with its download. Someone typing the address of an existing
// account pays too, but sees only the order just paid, and the receipt has no claim link. At 390 px
// and 1280 px, in the light and the dark theme, axe clean and with no sideways scroll.

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const tag = `gc${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const staff = {
  email: `${tag}.staff@example.test`,
  password: PASSWORD,
  firstName: 'Uma',
  lastName: 'Uploader',
  role: 'staff' as const,
  functions: ['UploadProducts'],
  verified: true,
}
const owner = {
  email: `${tag}.owner@example.test`,
  password: PASSWORD,
  firstName: 'Olu',
  lastName: 'Owner',
  verified: true,
}
const productName = `Guest guide ${tag}`
const PRICE = '₦3,175.00'
let productId = ''

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  await createUsers([staff, owner])
  productId = await publish(browser)
})

async function publish(browser: Browser): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, staff.email, staff.password)
  await page.goto('/admin/products/new')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName)
  await page.getByRole('combobox', { name: 'Type', exact: true }).fill(`Guides ${tag}`)
  await page.getByRole('textbox', { name: 'Price (NGN)' }).fill('3175')
  await page.getByRole('textbox', { name: 'Description' }).fill('Bought in one screen.')
  await page.getByRole('radio', { name: 'A file' }).check()
  await page
    .getByLabel('Choose the file')
    .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 ${tag}`) })
  await expect(page.getByText('guide.pdf ·')).toBeVisible()
  await page.getByLabel('Published: shown in the shop and for sale').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').pop() ?? ''
  await context.close()
  return id
}

/** A visitor puts the product in the cart and pays with only an e-mail address; ends on the order's page. */
async function buyAsGuest(page: Page, email: string, checkAxe: boolean) {
  await page.goto(`/shop/${productId}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByRole('link', { name: /In your cart/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  const checkout = page.getByRole('form', { name: 'Checkout' })
  await expect(checkout.getByRole('button', { name: 'Pay' })).toBeVisible()
  if (checkAxe) {
    await fitsAndPassesAxeInBothThemes(page, 'the guest cart')
    // A wrong address is refused on the spot, with a message by the field.
    await checkout.getByLabel('E-mail address').fill('nobody@')
    await checkout.getByRole('button', { name: 'Pay' }).click()
    await expect(checkout.getByText('Enter a valid e-mail address')).toBeVisible()
    await fitsAndPassesAxeInBothThemes(page, 'the guest cart with an error')
  }
  await checkout.getByLabel('E-mail address').fill(email)
  await checkout.getByRole('button', { name: 'Pay' }).click()

  await expect(page).toHaveURL(/\/_emulator\/paystack\/checkout\//)
  await expect(page.getByRole('heading', { level: 1, name: `Pay ${PRICE}` })).toBeVisible()
  await page.getByRole('button', { name: `Pay ${PRICE}` }).click()

  // Back in the shop, on a page for this order (not the home page).
  await expect(page).toHaveURL(/\/shop\/checkout\/callback\?/)
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  const outcome = page.getByRole('status').filter({ hasText: 'Payment received' })
  await expect(outcome).toContainText(`We mailed a receipt to ${email}`)
  await expect(page.getByRole('rowheader', { name: new RegExp(productName) })).toBeVisible()
  return new URL(page.url()).searchParams.get('reference') ?? ''
}

for (const width of [390, 1280]) {
  test(`a guest buys in one screen, pays, follows the receipt's link and sees the order signed in (${width} px)`, async ({
    browser,
    browserIssues,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await browserIssues.watch(page)
    const email = `${tag}.guest${width}@example.test`
    const reference = await buyAsGuest(page, email, true)
    await fitsAndPassesAxeInBothThemes(page, 'the guest’s order page')

    // The receipt, with the link that opens the account and the order.
    const receipt = await waitForMail(email, /^Your receipt for order/)
    expect(receipt.text).toContain(reference)
    const link = (receipt.text ?? '').match(/https?:\/\/\S+\/claim-account\?\S+/)?.[0] ?? ''
    expect(link).not.toBe('')
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Open your account' })).toBeVisible()
    await fitsAndPassesAxeInBothThemes(page, 'the claim page')
    await page.getByLabel('First name').fill('Gina')
    await page.getByLabel('Last name').fill('Guest')
    await page.getByLabel(/^Password/).fill(PASSWORD)
    await page.getByRole('button', { name: 'Open my account' }).click()

    // Signed in, on the order, with its download.
    await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('link', { name: new RegExp(productName) })).toHaveAttribute(
      'href',
      /\/api\/shop\/downloads\//,
    )
    await expect(page.getByText(reference).first()).toBeVisible()
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
    await fitsAndPassesAxeInBothThemes(page, 'the claimed order')
    await context.close()
  })
}

test('the address of an existing account: the order is theirs, the guest sees only this payment', async ({
  browser,
  browserIssues,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await browserIssues.watch(page)
  const reference = await buyAsGuest(page, owner.email, false)
  // Nothing else of the account shows: this order's one line, no downloads, no list of orders.
  await expect(page.getByRole('table')).toHaveCount(1)
  await expect(page.getByRole('rowheader', { name: new RegExp(productName) })).toHaveCount(1)
  await expect(page.getByRole('link', { name: /download|All your orders/i })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sign in to see this order' })).toBeVisible()
  await context.close()

  // The receipt offers signing in, not a claim link; signed in, the owner sees the order.
  const receipt = await waitForMail(owner.email, /^Your receipt for order/)
  expect(receipt.text).toContain(reference)
  expect(receipt.text).not.toContain('/claim-account')
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await browserIssues.watch(ownerPage)
  await signIn(ownerPage, owner.email, owner.password)
  await ownerPage.goto('/account/orders')
  await expect(ownerPage.getByRole('listitem').filter({ hasText: reference })).toBeVisible()
  await ownerContext.close()
})
