import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// Share links (docs/decisions/0087): an owner makes a password-protected download link to a folder
// from its share dialog; a visitor without an account opens it, gives the password, browses and
// downloads a file; the owner then makes a file drop link and a visitor sends a file through it.

const tag = `lnk${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const owner = {
  email: `${tag}.owner@example.test`,
  password,
  firstName: 'Lena',
  lastName: `Linker${tag}`,
  verified: true,
}

test.describe.configure({ mode: 'serial', timeout: 240_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([owner])
})

test('share a folder by link with a password, open it without an account, and receive a file drop', async ({
  page,
  browser,
  browserIssues,
}) => {
  const top = `Linked ${tag}`
  await signIn(page, owner.email, password)
  await page.goto('/files')
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByLabel('Folder name').fill(top)
  await page.getByRole('button', { name: 'Create' }).click()
  await page.getByRole('link', { name: top }).click()
  await expect(page.getByRole('heading', { name: top, level: 1 })).toBeVisible()

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-e2e-'))
  const note = path.join(dir, 'note.txt')
  fs.writeFileSync(note, 'shared by link')
  await page.getByLabel('Files to upload').setInputFiles(note)
  await expect(page.getByRole('table', { name: `Contents of ${top}` })).toContainText('note.txt', {
    timeout: 30_000,
  })

  // A download link with a password, from the share dialog.
  await page.getByRole('button', { name: 'Share' }).click()
  const share = page.getByRole('dialog', { name: `Share “${top}”` })
  await share.getByLabel('Link gives').selectOption('download')
  await share.getByLabel('Password').fill('open sesame')
  await share.getByRole('button', { name: 'Create link' }).click()
  const address = await share.getByLabel('The new link').inputValue()
  expect(address).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/)
  const links = share.getByRole('list', { name: 'Links' })
  await expect(links).toContainText('View and download · password · Active')
  await expect(links).toContainText(`by Lena ${owner.lastName}`)

  // A visitor with no account.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await browserIssues.watch(visitor)
  await visitor.goto(address)
  await expect(visitor.getByRole('heading', { name: 'This link has a password' })).toBeVisible()
  await visitor.getByLabel('Password').fill('wrong guess')
  await visitor.getByRole('button', { name: 'Open' }).click()
  await expect(visitor.getByText('That is not the password of this link.').first()).toBeVisible()
  // The browser logs the refused unlock (401) as a failed resource: provoked on purpose.
  browserIssues.clear()
  await visitor.getByLabel('Password').fill('open sesame')
  await visitor.getByRole('button', { name: 'Open' }).click()
  await expect(visitor.getByRole('heading', { name: top, level: 1 })).toBeVisible()
  await expect(visitor.getByRole('list', { name: 'Contents' })).toContainText('note.txt')
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('link', { name: 'Download note.txt' }).click(),
  ])
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('shared by link')

  // The owner sees the use, then makes a file drop.
  await page.reload()
  await page.getByRole('button', { name: 'Share' }).click()
  await expect(page.getByRole('list', { name: 'Links' })).toContainText('used 1 times', { timeout: 15_000 })
  const dialog = page.getByRole('dialog', { name: `Share “${top}”` })
  await dialog.getByLabel('Link gives').selectOption('upload')
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const dropAddress = await dialog.getByLabel('The new link').inputValue()

  await visitor.goto(dropAddress)
  await expect(visitor.getByRole('heading', { name: `Send files to “${top}”` })).toBeVisible()
  const dropped = path.join(dir, 'from-visitor.txt')
  fs.writeFileSync(dropped, 'hello owner')
  await visitor.getByLabel('Files to send').setInputFiles(dropped)
  await expect(visitor.getByText('from-visitor.txt')).toBeVisible()
  await visitorContext.close()

  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByRole('table', { name: `Contents of ${top}` })).toContainText('from-visitor.txt')
})
