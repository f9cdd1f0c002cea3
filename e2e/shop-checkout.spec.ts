import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { Readable } from 'node:stream'
import Database from 'better-sqlite3'
import { createDiskBlobStore } from '../src/server/lib/storage'
import { PASSWORD, uniqueEmail } from './support/accounts'
import { createUsers, serverDatabase, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'

// Checkout on the built-in Paystack emulator (issue 5): a signed-in buyer checks out, pays with the
// success card on the TEST MODE page, lands on the callback page that asks the server to verify,
// downloads the file, and receives the receipt at the SMTP server. The cart UI belongs to the
// catalogue work: this journey starts the checkout with the same request the cart's startCheckout()
// sends and opens the emulator page as its payment seam does.

test.use({ colorScheme: 'light' })

async function seedProducts() {
  const { DATA_DIR, DATABASE_URL } = serverDatabase()
  test.skip(!!DATABASE_URL, 'seeds products straight into the SQLite database')
  const blobs = createDiskBlobStore(path.join(DATA_DIR, 'blobs'))
  const stored = await blobs.put(Readable.from([Buffer.from('%PDF-1.4 the e2e book')]))
  const db = new Database(path.join(DATA_DIR, 'depot.sqlite'))
  const now = new Date().toISOString()
  const file = { id: randomUUID(), name: `E2E Book ${Date.now()}` }
  const link = { id: randomUUID(), name: `E2E Course ${Date.now()}` }
  const insert = db.prepare(
    `insert into products (id, name, type, price, description, cover_photo, product_url, "createdAt", "updatedAt",
     "isPublished", "deletedAt", "deliveryFileKey", "deliveryFileName", "deliveryFileType", "deliveryFileSize")
     values (?, ?, ?, ?, '', null, ?, ?, ?, 1, null, ?, ?, ?, ?)`,
  )
  insert.run(
    file.id,
    file.name,
    'E-book',
    250000,
    null,
    now,
    now,
    stored.key,
    'book.pdf',
    'application/pdf',
    stored.size,
  )
  insert.run(
    link.id,
    link.name,
    'Course',
    100000,
    'https://example.com/course',
    now,
    now,
    null,
    null,
    null,
    null,
  )
  db.close()
  return { file, link }
}

test('check out, pay with the success card on the emulator, download, and get the receipt', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const { file, link } = await seedProducts()
  const email = uniqueEmail('buyer')
  await createUsers([{ email, password: PASSWORD, firstName: 'Bola', lastName: 'Buyer', verified: true }])
  await signIn(page, email, PASSWORD)

  await page.goto('/account/orders')
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible()

  // What the cart's startCheckout() sends: product ids and quantities only.
  const session = await page.evaluate(
    async (items) => {
      const res = await fetch('/api/shop/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ items }),
      })
      return (await res.json()) as {
        emulated: boolean
        checkout_url: string
        reference: string
        total: number
      }
    },
    [
      { product_id: file.id, quantity: 1 },
      { product_id: link.id, quantity: 2 },
    ],
  )
  expect(session).toMatchObject({ emulated: true, total: 450000 })

  await page.goto(session.checkout_url)
  await expect(page.getByText(/TEST MODE/)).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of the emulator checkout').toEqual([])
  await expect(page.getByRole('radio', { name: /Success$/ })).toBeChecked()
  await page.getByRole('button', { name: /^Pay / }).click()

  await expect(page).toHaveURL(/\/shop\/checkout\/callback\?/)
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible()
  await expect(page.getByText('Payment received')).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of the callback page').toEqual([])
  const download = page.getByRole('link', { name: new RegExp(file.name) })
  const href = await download.getAttribute('href')
  expect(href).toContain('/api/shop/downloads/')
  const fileRes = await page.request.get(href ?? '')
  expect(fileRes.status()).toBe(200)
  expect(await fileRes.text()).toBe('%PDF-1.4 the e2e book')
  await expect(page.getByRole('link', { name: new RegExp(link.name) })).toHaveAttribute(
    'href',
    'https://example.com/course',
  )

  // Reloading the callback shows the same paid order and sends nothing again.
  await page.reload()
  await expect(page.getByText('Payment received')).toBeVisible()

  const receipt = await waitForMail(email, /^Your receipt for order/)
  expect(receipt.text).toContain(session.reference)
  expect(receipt.text).toContain('/api/shop/downloads/')
  expect(receipt.text).toContain('https://example.com/course')

  await page.goto('/account/orders')
  await expect(page.getByText('Paid')).toBeVisible()
})
