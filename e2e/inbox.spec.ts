import type { Page } from '@playwright/test'
import { createUsers, csvRecords, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { linkIn, waitForMail } from './support/mailbox'

// The inbox end to end (product.md §4): a visitor sends the quote, contact and e-book forms
// in Chromium; the mails arrive at the SMTP server; the e-book link confirms the address from the
// page; then staff with ManageFeedback find the quote in the triage table, open it and resolve it.
// axe checks each page on the way. Every address carries a unique tag, so tests running alongside on
// the same server never see each other's rows or mail.

const tag = `inb${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const visitor = { first: 'Vera', last: `Visitor${tag}`, email: `${tag}.visitor@example.test` }
const staff = { email: `${tag}.staff@example.test`, first: 'Sol', last: 'Staff' }
const admin = { email: `${tag}.admin@example.test`, first: 'Ada', last: 'Admin' }

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([
    {
      email: staff.email,
      password,
      firstName: staff.first,
      lastName: staff.last,
      role: 'staff',
      functions: ['ManageFeedback'],
      verified: true,
    },
    {
      email: admin.email,
      password,
      firstName: admin.first,
      lastName: admin.last,
      role: 'admin',
      verified: true,
    },
  ])
})

/**
 * axe on the settled page: a table dims its rows while a page loads (and fades back), which axe
 * would rightly call low contrast, so the check is repeated until the page has settled.
 */
async function expectAccessible(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect.poll(() => seriousViolations(page)).toEqual([])
}

test('a visitor asks for a quote; the confirmation does not echo it and staff get an alert', async ({
  page,
}) => {
  await page.goto('/quote')
  await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible()
  await expectAccessible(page)
  const form = page.getByRole('form', { name: 'Quote request' })
  await form.getByLabel('First name').fill(visitor.first)
  await form.getByLabel('Last name').fill(visitor.last)
  await form.getByLabel('E-mail address').fill(visitor.email)
  await form.getByLabel('Business name').fill('Vera Ventures')
  await form.getByLabel('What do you need?').fill(`Five hundred brochures, tri-fold (${tag}).`)
  // The honeypot stays empty, as a person leaves it: it is off screen and out of the tab order.
  await expect(page.locator('input[name="website"]')).toHaveValue('')
  await form.getByRole('button', { name: 'Send quote request' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quote request sent' })).toBeVisible()
  await expectAccessible(page)

  const confirmation = await waitForMail(visitor.email, /We received your quote request/)
  expect(confirmation.text).not.toContain('brochures')
  const alert = await waitForMail(
    staff.email,
    new RegExp(`New quote request from ${visitor.first} ${visitor.last}`),
  )
  expect(alert.headers.get('reply-to')).toContain(visitor.email)
  expect(alert.text).toContain('brochures')
})

test('a visitor sends a contact message', async ({ page }) => {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  await expectAccessible(page)
  const form = page.getByRole('form', { name: 'Contact' })
  await form.getByLabel('First name').fill(visitor.first)
  await form.getByLabel('Last name').fill(visitor.last)
  await form.getByLabel('E-mail address').fill(visitor.email)
  await form.getByLabel('Subject').fill(`Opening hours ${tag}`)
  await form.getByLabel('Message').fill('Are you open on Saturdays?')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Message sent' })).toBeVisible()

  const confirmation = await waitForMail(visitor.email, /We received your message/)
  expect(confirmation.text).not.toContain('Saturdays')
  await waitForMail(
    staff.email,
    new RegExp(`New message from ${visitor.first} ${visitor.last}: Opening hours ${tag}`),
  )
})

/** Publishes (or unpublishes and clears) the e-book as the admin, over the settings API. */
async function setEbook(adminPage: Page, fileId: string | null) {
  const res = await adminPage.request.patch('/api/admin/inbox-settings', {
    headers: { Origin: process.env.DEPOT_E2E_BASE_URL! },
    data: { ebookFileId: fileId, ebookPublished: fileId !== null },
  })
  expect(res.status(), await res.text()).toBe(200)
}

test('a visitor asks for the e-book, follows the mailed link and confirms with the page button', async ({
  page,
  browser,
}) => {
  // Unpublished (the shared server starts so), the page says so and offers no form.
  await page.goto('/ebook')
  await expect(page.getByText('The e-book is not available right now.')).toBeVisible()
  await expect(page.getByRole('form', { name: 'E-book request' })).toHaveCount(0)

  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await signIn(adminPage, admin.email, password)
  const fileId = await uploadFile(adminPage, `Guide ${tag}.pdf`, '%PDF-1.4 e-book', `Published e-book ${tag}`)
  await setEbook(adminPage, fileId)
  await page.reload()
  await expectAccessible(page)
  const form = page.getByRole('form', { name: 'E-book request' })
  await form.getByLabel('E-mail address').fill(`  ${visitor.email.toUpperCase()} `)
  await form.getByRole('button', { name: 'Send me the e-book' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible()

  const mail = await waitForMail(visitor.email, /Your e-book from/)
  expect(mail.headers.get('list-unsubscribe')).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/inbox\/ebook\/unsubscribe\?token=/,
  )
  expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  const link = linkIn(mail, '/ebook/download')
  await page.goto(`${link.pathname}${link.search}`)
  // Opening the link changed nothing yet: the page asks first (a mail scanner's GET confirms nobody).
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-book' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Confirm and get the e-book' }).click()
  await expect(page.getByText('Your address is confirmed')).toBeVisible()
  // Leave the shared server without an e-book, as it was.
  await setEbook(adminPage, null)
  await adminContext.close()
})

test('staff find the quote in the triage table, open it and resolve it', async ({ page }) => {
  await signIn(page, staff.email, password)
  await page.goto('/')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Inbox' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quote requests' })).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search quote requests' }).fill(visitor.last)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${visitor.last}`))
  const table = page.getByRole('table', { name: 'Quote requests' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table.getByRole('rowheader')).toContainText(visitor.email)
  await expect(table.getByText('Pending')).toBeVisible()
  await expectAccessible(page)

  // The export holds exactly the filtered rows.
  const exportLink = page.getByRole('link', { name: /Export/ })
  const csv = await page.request.get((await exportLink.getAttribute('href')) ?? '')
  expect(csv.ok()).toBe(true)
  const rows = csvRecords(await csv.text())
  expect(rows).toHaveLength(1)
  expect(JSON.stringify(rows[0])).toContain(visitor.email)

  await table.getByRole('link', { name: `${visitor.first} ${visitor.last}` }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `${visitor.first} ${visitor.last}` }),
  ).toBeVisible()
  await expect(page.getByText(`Five hundred brochures, tri-fold (${tag}).`)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Mark resolved' }).click()
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible()
  await expect(page.getByText(`by ${staff.first} ${staff.last}`)).toBeVisible()

  // Back to the same search; the row is resolved now, and the status filter narrows to it.
  await page.getByRole('link', { name: 'All quote requests' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${visitor.last}`))
  await expect(table.getByText('Resolved')).toBeVisible()
  // Dark theme (the system's preference, no stored choice): still no serious violations.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByLabel('Status').selectOption('pending')
  await expect(page).toHaveURL(/[?&]status=pending/)
  await expect(page.getByText('No matches')).toBeVisible()
  await page.goBack()
  await expect(table.locator('tbody tr')).toHaveCount(1)
})

test('staff resolve contact messages in bulk after a confirmation, and see the e-book list', async ({
  page,
}) => {
  await signIn(page, staff.email, password)
  await page.goto(`/staff/contacts?q=${visitor.last}`)
  const table = page.getByRole('table', { name: 'Contact messages' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await table.getByRole('checkbox', { name: `Select ${visitor.first} ${visitor.last}` }).check()
  await page.getByRole('button', { name: 'Resolve' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Resolve 1 message?')
  await dialog.getByRole('button', { name: 'Resolve 1 message' }).click()
  await expect(page.getByText('Resolved: 1 resolved.').first()).toBeVisible()
  await expect(table.getByText('Resolved')).toBeVisible()

  await page.getByRole('link', { name: 'E-book list' }).click()
  await page.getByRole('searchbox', { name: 'Search the e-book list' }).fill(tag)
  const ebook = page.getByRole('table', { name: 'E-book list' })
  await expect(ebook.locator('tbody tr')).toHaveCount(1)
  await expect(ebook.getByText('Subscribed')).toBeVisible()
  await expectAccessible(page)
  const csv = await page.request.get(
    (await page.getByRole('link', { name: /Export/ }).getAttribute('href')) ?? '',
  )
  expect(csvRecords(await csv.text())).toEqual([
    expect.objectContaining({ 'Email Address': visitor.email.toLowerCase() }),
  ])
})

/** Uploads a small file through the file manager's tus endpoint (admins may make top-level folders). */
async function uploadFile(
  page: Page,
  filename: string,
  content: string,
  folderName = `E-books ${tag}`,
): Promise<string> {
  const origin = process.env.DEPOT_E2E_BASE_URL!
  const folder = await page.request.post('/api/folders', {
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    // Public: the e-book picker offers only files in public folders.
    data: { folder_name: folderName, parent_id: null, type: 'public' },
  })
  expect(folder.status(), await folder.text()).toBe(201)
  const folderId = ((await folder.json()) as { id: string }).id
  const b64 = (v: string) => Buffer.from(v).toString('base64')
  const body = Buffer.from(content)
  const created = await page.request.post('/api/uploads', {
    headers: {
      Origin: origin,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(body.length),
      'Upload-Metadata': `filename ${b64(filename)},folder_id ${b64(folderId)}`,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const patched = await page.request.patch(created.headers().location!, {
    headers: {
      Origin: origin,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: body,
  })
  expect(patched.status(), await patched.text()).toBe(204)
  return patched.headers()['depot-file-id']!
}

/** Finds the e-book by name in the settings' file picker, saves it, sees it by name, then clears it. */
async function chooseEbookFile(page: Page) {
  const filename = `Growth guide ${tag}.pdf`
  await uploadFile(page, filename, '%PDF-1.4 e-book')
  const hadNone = await page.getByText('No e-book file chosen.').isVisible()
  await page.getByRole('searchbox', { name: /e-book file|Choose another file/ }).fill(`Growth guide ${tag}`)
  await page.getByRole('button', { name: `Choose ${filename}` }).click()
  await expect(page.getByTestId('ebook-file-name')).toContainText(filename)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Inbox settings saved').first()).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('ebook-file-name')).toContainText(filename)
  if (hadNone) {
    // Leave the shared server without an e-book, as it was.
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect(page.getByText('No e-book file chosen.')).toBeVisible()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Inbox settings saved').first()).toBeVisible()
  }
}

test('an admin chooses the e-book file, edits the services list, and erases everything held for the visitor', async ({
  page,
}) => {
  await signIn(page, admin.email, password)
  await page.goto('/admin/inbox-settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox settings' })).toBeVisible()
  await expectAccessible(page)
  await chooseEbookFile(page)
  const service = `Printing ${tag}`
  await page.getByLabel('New service').fill(service)
  await page.getByRole('button', { name: 'Add' }).click()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Inbox settings saved').first()).toBeVisible()
  await page.reload()
  await expect(page.getByText(service)).toBeVisible()
  // The quote form offers it now.
  await page.goto('/quote')
  await expect(page.getByLabel('Service')).toContainText(service)
  // Leave the shared server's settings as they were.
  await page.goto('/admin/inbox-settings')
  await page.getByRole('button', { name: `Remove ${service}` }).click()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Inbox settings saved').first()).toBeVisible()

  await page.goto('/admin/privacy')
  await expectAccessible(page)
  await page.getByLabel('E-mail address').fill(visitor.email)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download export (JSON)' }).click()
  const file = await download
  const exported = JSON.parse(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  )
  expect(exported).toMatchObject({ email: visitor.email.toLowerCase() })
  expect(exported.quoteRequests).toHaveLength(1)
  expect(exported.contacts).toHaveLength(1)
  expect(exported.ebookRequests).toHaveLength(1)

  await page.getByRole('button', { name: 'Erase everything…' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase for good' }).click()
  const summary = page.getByRole('status').filter({ hasText: `Erased for ${visitor.email.toLowerCase()}` })
  await expect(summary).toContainText('1 quote request')
  await expect(summary).toContainText('1 contact message')
  await expect(summary).toContainText('1 e-book list entry')
})

test('an admin finds the erase in the audit log, filtered by action, without the address in it', async ({
  page,
}) => {
  await signIn(page, admin.email, password)
  await page.goto('/')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await page.getByLabel('Action').selectOption('privacy.erased')
  await expect(page).toHaveURL(/[?&]action=privacy\.erased/)
  await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(admin.email)
  const table = page.getByRole('table', { name: 'Audit log' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('Personal data erased')
  await expect(table).not.toContainText(visitor.email.toLowerCase())
  await expectAccessible(page)
  await page.reload()
  await expect(page.getByLabel('Action')).toHaveValue('privacy.erased')
  await expect(table.locator('tbody tr')).toHaveCount(1)
})
