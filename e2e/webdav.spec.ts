import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// Connect as a drive (docs/decisions/0091): a user makes a read-and-write token on the profile page,
// reads the WebDAV address shown beside it, puts a file into one of their folders through /dav/ (as a
// WebDAV client would, from this test with fetch), and sees it in that folder's page.

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
