import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// Storage quota on the files home (docs/decisions/0046): a customer sees a bar "used of quota"
// (10 GiB by default), which grows with what they upload.

const tag = `quo${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const carol = {
  email: `${tag}.carol@example.test`,
  password,
  firstName: 'Carol',
  lastName: `Customer${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  await createUsers([carol])
})

test('a customer sees their storage used against the quota, growing with an upload', async ({ page }) => {
  await signIn(page, carol.email, password)
  await page.goto('/files')
  const bar = page.getByRole('progressbar', { name: 'Storage used' })
  await expect(bar).toBeVisible({ timeout: 15_000 })
  await expect(bar).toHaveAttribute('aria-valuemax', String(10 * 1024 ** 3))
  await expect(bar).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByText('0 bytes of 10 GB')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // A folder of her own and a 250 kB file in it.
  const folderName = `Quota ${tag}`
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByLabel('Folder name').fill(folderName)
  await page.getByRole('button', { name: 'Create' }).click()
  await page.getByRole('link', { name: folderName }).click()
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible({ timeout: 15_000 })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-quota-'))
  const filePath = path.join(dir, 'numbers.bin')
  fs.writeFileSync(filePath, Buffer.alloc(250_000, 7))
  await page.getByLabel('Files to upload').setInputFiles(filePath)
  await expect(page.getByRole('region', { name: 'Upload files' }).getByText(/^1 of 1 file/)).toBeVisible({
    timeout: 30_000,
  })

  await page.goto('/files')
  await expect(bar).toHaveAttribute('aria-valuenow', '250000', { timeout: 15_000 })
  await expect(page.getByText('244 KB of 10 GB')).toBeVisible()
})
