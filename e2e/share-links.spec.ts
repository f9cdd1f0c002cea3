import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// Share links (docs/decisions/0087): an owner makes a password-protected download link to a folder
// from its share dialog; a visitor without an account opens it, gives the password, browses it in the
// folder page's own UI (listing, breadcrumbs, preview dialog, zip) and downloads a file and the zip;
// the owner then makes a file drop link and a visitor sends a file through it.

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
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByLabel('Folder name').fill('Inner')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('link', { name: 'Inner', exact: true })).toBeVisible()

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
  // The link can be copied again from the list, not only when it is made.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await links.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

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
  // Who shared it, and when.
  await expect(visitor.getByTestId('shared-by')).toContainText(`Shared by Lena ${owner.lastName} on `)
  // The folder page's own listing, read-only: no selection, no item menus.
  const contents = visitor.getByRole('table', { name: `Contents of ${top}` })
  await expect(contents).toContainText('note.txt')
  await expect(contents.getByRole('checkbox')).toHaveCount(0)
  // Into a subfolder and back through the breadcrumbs, which start at the shared folder.
  await contents.getByRole('link', { name: 'Inner', exact: true }).click()
  await expect(visitor.getByRole('heading', { name: 'Inner', level: 1 })).toBeVisible()
  const crumbs = visitor.getByRole('navigation', { name: 'Breadcrumbs' })
  await expect(crumbs.getByRole('link')).toHaveText([top])
  await expect(visitor.getByText('This folder is empty.')).toBeVisible()
  await crumbs.getByRole('link', { name: top }).click()
  await expect(visitor.getByRole('heading', { name: top, level: 1 })).toBeVisible()
  // The file manager's preview dialog, with the link's addresses.
  await contents.getByRole('button', { name: 'note.txt' }).click()
  const preview = visitor.getByRole('dialog', { name: 'note.txt' })
  await expect(preview.getByText('shared by link', { exact: true })).toBeVisible()
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    preview.getByRole('link', { name: 'Download' }).click(),
  ])
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('shared by link')
  await visitor.keyboard.press('Escape')
  await expect(preview).toBeHidden()
  // The shared folder as a zip, fetched with progress as the folder page does.
  const [zip] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Download as zip' }).click(),
  ])
  expect(zip.suggestedFilename()).toBe(`${top}.zip`)
  const zipBytes = fs.readFileSync(await zip.path())
  expect(zipBytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
  expect(zipBytes.includes(Buffer.from('shared by link'))).toBe(true)

  // The owner sees the use, then makes a file drop.
  await page.reload()
  await page.getByRole('button', { name: 'Share' }).click()
  // The download and the zip.
  await expect(page.getByRole('list', { name: 'Links' })).toContainText('used 2 times', { timeout: 15_000 })
  const dialog = page.getByRole('dialog', { name: `Share “${top}”` })
  await dialog.getByLabel('Link gives').selectOption('upload')
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const dropAddress = await dialog.getByLabel('The new link').inputValue()

  await visitor.goto(dropAddress)
  await expect(visitor.getByRole('heading', { name: `Send files to “${top}”` })).toBeVisible()
  const dropped = path.join(dir, 'from-visitor.txt')
  fs.writeFileSync(dropped, 'hello owner')
  // The drop asks who sends: nothing goes until both are given.
  await visitor.getByLabel('Files to send').setInputFiles(dropped)
  await expect(visitor.getByText('Enter your name.')).toBeVisible()
  await expect(visitor.getByText('Enter a valid e-mail address.')).toBeVisible()
  await visitor.getByLabel('Your name').fill('Vic Visitor')
  await visitor.getByLabel('Your e-mail address').fill('vic@example.test')
  await visitor.getByLabel('Files to send').setInputFiles(dropped)
  await expect(visitor.getByText('from-visitor.txt · 11 bytes')).toBeVisible()
  await visitorContext.close()

  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByRole('table', { name: `Contents of ${top}` })).toContainText('from-visitor.txt')
  // The owner's bell says who sent it.
  const inbox = await (await page.request.get('/api/notifications?limit=20')).json()
  expect(JSON.stringify(inbox)).toContain('Vic Visitor (vic@example.test) through a file drop link')
})

/** Signed in as the owner: a new top-level folder and a link to it made through the API. */
async function linkToNewFolder(page: Page, folderName: string, link: { mode: string; password?: string }) {
  await signIn(page, owner.email, password)
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL! }
  const made = await page.request.post('/api/folders', { headers, data: { folder_name: folderName } })
  expect(made.status(), await made.text()).toBe(201)
  const folderId = ((await made.json()) as { id: string }).id
  const answer = await page.request.post(`/api/folders/${folderId}/links`, { headers, data: link })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as { id: string; token: string }
}

test('a link turned off says so, with its reason, whether the page runs its script or not', async ({
  page,
  browser,
  browserIssues,
}) => {
  const { id, token } = await linkToNewFolder(page, `Retired ${tag}`, { mode: 'view' })
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL! }
  const off = await page.request.delete(`/api/share-links/${id}`, { headers })
  expect(off.status(), await off.text()).toBe(200)

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled })
    const visitor = await context.newPage()
    await browserIssues.watch(visitor)
    const response = await visitor.goto(`/s/${token}`)
    expect(response?.status()).toBe(410)
    await expect(visitor.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible()
    await expect(visitor.getByText('Its owner has turned this link off.')).toBeVisible()
    await expect(visitor.getByText('Opening the link')).toHaveCount(0)
    await context.close()
  }
  // The page's own 410 is the only thing the browser logged.
  const issues = browserIssues
    .list()
    .filter((issue) => !issue.includes(`/s/${token}: Failed to load resource`))
  browserIssues.clear()
  expect(issues).toEqual([])
})

test('an unlocked link whose server cannot be reached says so, not that the link does not work', async ({
  page,
  browser,
  browserIssues,
}) => {
  const name = `Reachable ${tag}`
  const { token } = await linkToNewFolder(page, name, { mode: 'view', password: 'open sesame' })

  const context = await browser.newContext()
  const visitor = await context.newPage()
  await browserIssues.watch(visitor)
  await visitor.goto(`/s/${token}`)
  await visitor.getByLabel('Password').fill('open sesame')
  await visitor.getByRole('button', { name: 'Open' }).click()
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible()

  // Unlocked, the page asks for the link with its key from the browser: that request fails.
  const info = new RegExp(`/api/s/${token}$`)
  await visitor.route(info, (route) => route.abort('connectionrefused'))
  await visitor.reload()
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'The link could not be opened just now' }),
  ).toBeVisible()
  await expect(visitor.getByText('This link does not work')).toHaveCount(0)
  await visitor.unroute(info)
  await visitor.getByRole('button', { name: 'Try again' }).click()
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible()
  await context.close()
  // The refused request is the only thing the browser logged.
  const issues = browserIssues.list().filter((issue) => !issue.includes('ERR_CONNECTION_REFUSED'))
  browserIssues.clear()
  expect(issues).toEqual([])
})
