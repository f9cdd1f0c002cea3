import sharp from 'sharp'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// The catalogue end to end: a staff member with UploadProducts creates and publishes a
// product with a cover in the editor; a visitor finds it in the shop by type and search, opens it,
// adds it to the cart, reloads, and the cart is kept. axe checks the shop pages on the way. Other
// tests share the server, so the product's type carries a unique tag.

const tag = `shop${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const staff = {
  email: `${tag}.staff@example.test`,
  password: `e2e-password-${tag}`,
  firstName: 'Uma',
  lastName: 'Uploader',
  role: 'staff' as const,
  functions: ['UploadProducts'],
  verified: true,
}
const productName = `Brand kit ${tag}`
const productType = `Kits ${tag}`

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([staff])
})

test('staff create and publish a product with a cover; a visitor browses, opens it and keeps it in the cart', async ({
  page,
  browser,
}) => {
  await signIn(page, staff.email, staff.password)
  await page.goto('/admin/products/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()

  // Per-field errors first: nothing filled in.
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName)
  await page.getByRole('combobox', { name: 'Type', exact: true }).fill(productType)
  await page.getByRole('textbox', { name: 'Price (NGN)' }).fill('1500.50')
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('A **complete** kit.\n\n<script>alert(1)</script>')
  const cover = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#4338ca' } })
    .png()
    .toBuffer()
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover })
  await expect(page.getByRole('img', { name: 'Preview of the new cover' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Link', exact: true }).fill('https://example.com/kit')
  await page.getByLabel('Published: shown in the shop and for sale').check()
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
  await expect(page.getByRole('img', { name: 'The current cover' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The staff table lists it.
  await page.goto(`/admin/products?q=${encodeURIComponent(tag)}`)
  await expect(
    page.getByRole('table', { name: 'Products' }).getByRole('link', { name: productName }),
  ).toBeVisible()

  // A visitor, in a browser of their own.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto('/shop')
  await expect(visitor.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
  expect(await seriousViolations(visitor)).toEqual([])
  await visitor.getByLabel('Type').selectOption(productType)
  await expect(visitor).toHaveURL(
    new RegExp(`type=${encodeURIComponent(productType).replace(/%20/g, '(\\+|%20)')}`),
  )
  await visitor.getByLabel('Search products').fill(tag)
  // The search is committed to the URL after a short pause: wait for it before leaving the page.
  await expect(visitor).toHaveURL(new RegExp(`q=${tag}`))
  const card = visitor.getByRole('link', { name: productName })
  await expect(card).toBeVisible()
  await expect(
    visitor.getByRole('listitem').filter({ hasText: productName }).getByText('₦1,500.50'),
  ).toBeVisible()
  // The cover loaded (the grid's 400 px copy).
  const gridImage = visitor.getByRole('listitem').filter({ hasText: productName }).locator('img')
  await expect.poll(() => gridImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400)

  await card.click()
  await expect(visitor.getByRole('heading', { level: 1, name: productName })).toBeVisible()
  await expect(visitor.getByText('complete', { exact: true })).toHaveJSProperty('tagName', 'STRONG')
  // The description's HTML is shown as text, never run.
  await expect(visitor.getByText('<script>alert(1)</script>')).toBeVisible()
  expect(await seriousViolations(visitor)).toEqual([])
  // The header's cart link counts items, on desktop and on a phone.
  const headerCart = visitor.getByRole('banner').getByRole('link', { name: /^Cart, / })
  await expect(headerCart).toHaveAccessibleName('Cart, empty')
  await visitor.getByRole('button', { name: 'Add to cart' }).click()
  await expect(headerCart).toHaveAccessibleName('Cart, 1 item')
  await expect(headerCart.getByTestId('cart-count')).toHaveText('1')
  const desktop = visitor.viewportSize()
  await visitor.setViewportSize({ width: 375, height: 740 })
  await expect(headerCart).toBeVisible()
  if (desktop) await visitor.setViewportSize(desktop)
  await visitor.getByRole('link', { name: /In your cart/ }).click()

  await expect(visitor.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  const lines = visitor.getByRole('list', { name: 'Products in your cart' })
  await expect(lines.getByRole('link', { name: productName })).toBeVisible()
  await visitor.reload()
  await expect(lines.getByRole('link', { name: productName })).toBeVisible()
  await expect(headerCart).toHaveAccessibleName('Cart, 1 item')
  // A visitor pays with an e-mail address, or signs in and comes back to the cart.
  await expect(visitor.getByRole('button', { name: 'Pay' })).toBeVisible()
  await expect(
    visitor.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Sign in' }),
  ).toHaveAttribute('href', /callbackUrl=%2Fcart/)
  expect(await seriousViolations(visitor)).toEqual([])

  // Unpublished, it leaves the cart with a message.
  await page.goto(`/admin/products?q=${encodeURIComponent(tag)}`)
  await page.getByRole('link', { name: productName }).click()
  await page.getByLabel('Published: shown in the shop and for sale').uncheck()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Draft: not in the shop.')).toBeVisible()
  await visitor.reload()
  await expect(visitor.getByText('Some products are no longer for sale')).toBeVisible()
  await expect(visitor.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(headerCart).toHaveAccessibleName('Cart, empty')
  await visitorContext.close()
})
