import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// Connect as a drive (docs/decisions/0091): a user makes a read-and-write token on the profile page,
// reads the WebDAV address shown beside it, puts a file into one of their folders through /dav/ (as a
// WebDAV client would, from this test with fetch), and sees it in that folder's page. Then the guided
// way (docs/decisions/0138): copy the address, read the guides, make a drive password with one button
// and mount with it (a PROPFIND with the e-mail and the password).

const tag = `dav${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const wren = {
  email: `${tag}.wren@example.test`,
  password,
  firstName: 'Wren',
  lastName: `Drive${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 120_000 })
test.beforeAll(async () => {
  await createUsers([wren])
})

test('make a token, read the drive address, PUT a file through WebDAV and see it in the folder', async ({
  page,
}) => {
  await signIn(page, wren.email, password)
  const folderName = `Drive ${tag}`
  await page.goto('/files')
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByLabel('Folder name').fill(folderName)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('link', { name: folderName })).toBeVisible({ timeout: 15_000 })

  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Access tokens' })
  await card.getByLabel('Name').fill('My laptop drive')
  await card.getByLabel('Access').selectOption('read-write')
  await card.getByRole('button', { name: 'Make token' }).click()
  const secret = card.getByLabel('The new access token')
  await expect(secret).toHaveValue(/^dpt_/)
  const token = await secret.inputValue()
  const drive = page.getByRole('region', { name: 'Connect as a drive' })
  const address = await drive.getByLabel('WebDAV address').inputValue()
  expect(address).toBe(`${new URL(page.url()).origin}/dav/`)

  const body = 'Written through the drive.\n'
  const put = await fetch(`${address}My%20folders/${encodeURIComponent(folderName)}/from-the-drive.txt`, {
    method: 'PUT',
    headers: {
      Authorization: `Basic ${Buffer.from(`laptop:${token}`).toString('base64')}`,
      'Content-Type': 'text/plain',
      'Content-Length': String(Buffer.byteLength(body)),
    },
    body,
  })
  expect(put.status).toBe(201)

  await page.goto('/files')
  await page.getByRole('link', { name: folderName }).click()
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('from-the-drive.txt', { exact: true })).toBeVisible()
})

test('connect as a drive: copy the address, read the guides, make a drive password that WebDAV takes', async ({
  page,
}) => {
  await signIn(page, wren.email, password)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/profile')
  const drive = page.getByRole('region', { name: 'Connect as a drive' })
  const address = `${new URL(page.url()).origin}/dav/`
  await expect(drive.getByLabel('WebDAV address')).toHaveValue(address)
  await expect(drive.getByRole('textbox', { name: 'User name' })).toHaveValue(wren.email)

  // The address is copied, and the copy is confirmed to screen readers too.
  await drive.getByRole('button', { name: 'Copy the drive address' }).click()
  await expect(drive.getByRole('status').filter({ hasText: 'Copied the drive address' })).toBeAttached()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

  // A guide for each system, with the real address and the user's e-mail.
  await expect(drive.locator('summary')).toHaveText(['macOS Finder', 'Windows', 'Linux'])
  for (const summary of await drive.locator('summary').all()) await summary.click()
  await expect(drive.getByText('Go › Connect to Server…')).toBeVisible()
  await expect(drive.getByText('Map network drive…')).toBeVisible()
  await expect(drive.getByText(address.replace(/^http/, 'dav'), { exact: true })).toBeVisible()
  await expect(drive.getByText(wren.email, { exact: true }).first()).toBeVisible()

  // One button makes a read-and-write token for the drive, shown once.
  await drive.getByRole('button', { name: 'Make a drive password' }).click()
  const secret = drive.getByRole('textbox', { name: 'Drive password' })
  await expect(secret).toHaveValue(/^dpt_[A-Za-z0-9_-]{43}$/)
  const token = await secret.inputValue()
  await expect(drive.getByText(/Drive password “Drive on .+” made/)).toBeVisible()
  const tokens = page.getByRole('region', { name: 'Access tokens' })
  const listed = tokens.getByRole('listitem').filter({ hasText: /Drive on / })
  await expect(listed.getByText('Read and write')).toBeVisible()

  for (const view of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(view)
    expect(await seriousViolations(page), `accessibility of the drive guides at ${view.width} px`).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }

  await drive.getByRole('button', { name: 'Done' }).click()
  await expect(secret).toHaveCount(0)
  await expect(drive.getByText(token)).toHaveCount(0)

  // The drive password works where a WebDAV client sends it: the e-mail and the token, Basic auth.
  const propfind = await fetch(address, {
    method: 'PROPFIND',
    headers: {
      Authorization: `Basic ${Buffer.from(`${wren.email}:${token}`).toString('base64')}`,
      Depth: '1',
    },
  })
  expect(propfind.status).toBe(207)
  expect(await propfind.text()).toContain('My%20folders')
})
