import fs from 'node:fs'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'
import { fitsAndPassesAxeInBothThemes } from './support/themes'

// Files with a quote request (decision 0142): a visitor attaches a brief to the quote form (a program
// is refused on the field, with the limits stated), sends it, and staff with ManageFeedback download
// it from the quote's page. At 390 px and 1280 px, in the light and the dark theme, axe clean and with
// no sideways scroll.

const tag = `qat${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const staff = { email: `${tag}.staff@example.test`, first: 'Sam', last: 'Staff' }
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const

test.describe.configure({ mode: 'serial', timeout: 120_000 })

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
  ])
})

const visitorAt = (width: number) => ({
  first: 'Vera',
  last: `Brief${width}${tag}`,
  email: `${tag}.visitor${width}@example.test`,
})
const briefOf = (width: number) => `%PDF-1.4 the brief for ${width} px (${tag})`

for (const viewport of viewports) {
  test(`a visitor sends a quote with a brief attached at ${viewport.width} px`, async ({ page }) => {
    const visitor = visitorAt(viewport.width)
    await page.setViewportSize(viewport)
    await page.goto('/quote')
    await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible()
    const form = page.getByRole('form', { name: 'Quote request' })
    await expect(form.getByText('Up to 5 files, 10 MB each and 25 MB in all.')).toBeVisible()
    await form.getByLabel('First name').fill(visitor.first)
    await form.getByLabel('Last name').fill(visitor.last)
    await form.getByLabel('E-mail address').fill(visitor.email)
    await form.getByLabel('What do you need?').fill(`A logo and letterheads (${tag}).`)

    // A program is refused on the field before anything is sent, and can be taken off again.
    const files = form.getByLabel('Attachments (optional)')
    await files.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    })
    await form.getByRole('button', { name: 'Send quote request' }).click()
    await expect(form.getByText('setup.exe: programs and scripts are not accepted.')).toBeVisible()
    await fitsAndPassesAxeInBothThemes(page, `/quote with a refused file at ${viewport.width} px`)
    await form.getByRole('button', { name: 'Remove setup.exe' }).click()

    await files.setInputFiles({
      name: 'brief.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(briefOf(viewport.width)),
    })
    const attached = form.getByRole('list', { name: 'Attached files' })
    await expect(attached).toContainText('brief.pdf')
    await fitsAndPassesAxeInBothThemes(page, `/quote with a file at ${viewport.width} px`)
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/inbox/quotes/with-attachments'))
    await form.getByRole('button', { name: 'Send quote request' }).click()
    expect((await sent).status()).toBe(202)
    await expect(page.getByRole('heading', { level: 1, name: 'Quote request sent' })).toBeVisible()
    await fitsAndPassesAxeInBothThemes(page, `the sent quote at ${viewport.width} px`)
  })
}

for (const viewport of viewports) {
  test(`staff download the brief from the quote’s page at ${viewport.width} px`, async ({ page }) => {
    const visitor = visitorAt(viewport.width)
    await page.setViewportSize(viewport)
    await signIn(page, staff.email, password)
    await page.goto(`/staff/quotes?q=${encodeURIComponent(visitor.last)}`)
    const table = page.getByRole('table', { name: 'Quote requests' })
    await table.getByRole('link', { name: `${visitor.first} ${visitor.last}` }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: `${visitor.first} ${visitor.last}` }),
    ).toBeVisible()
    const link = page.getByRole('link', { name: 'brief.pdf' })
    await expect(link).toBeVisible()
    await expect(page.getByText('1 attachment', { exact: true })).toBeVisible()
    await fitsAndPassesAxeInBothThemes(page, `the quote’s page at ${viewport.width} px`)

    const download = page.waitForEvent('download')
    await link.click()
    const file = await download
    expect(file.suggestedFilename()).toBe('brief.pdf')
    expect(fs.readFileSync(await file.path(), 'utf8')).toBe(briefOf(viewport.width))
    // Served as a download, never inline, and not sniffed.
    const res = await page.request.get((await link.getAttribute('href')) ?? '')
    expect(res.headers()['content-disposition']).toMatch(/^attachment/)
    expect(res.headers()['x-content-type-options']).toBe('nosniff')
  })
}

test('someone without the inbox function cannot download it', async ({ page, browser }) => {
  const visitor = visitorAt(1280)
  const staffContext = await browser.newContext()
  const staffPage = await staffContext.newPage()
  await signIn(staffPage, staff.email, password)
  await staffPage.goto(`/staff/quotes?q=${encodeURIComponent(visitor.last)}`)
  await staffPage
    .getByRole('table', { name: 'Quote requests' })
    .getByRole('link', { name: `${visitor.first} ${visitor.last}` })
    .click()
  const href = (await staffPage.getByRole('link', { name: 'brief.pdf' }).getAttribute('href')) ?? ''
  await staffContext.close()
  expect(href).toMatch(/^\/api\/inbox\/quotes\/[0-9a-f-]+\/attachments\/[0-9a-f-]+$/)
  // A visitor (no session) is told to sign in; nothing of the file is sent.
  const res = await page.request.get(href)
  expect(res.status()).toBe(401)
  expect(await res.text()).not.toContain('PDF')
})
