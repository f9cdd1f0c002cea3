import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// File versions (docs/decisions/0088): a user uploads a file, replaces it from the file menu (the name
// stays), opens "Versions…", sees the earlier content, restores it, and deletes the version that the
// restore made of the replacement. axe runs on the dialog.

const tag = `ver${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const dana = {
  email: `${tag}.dana@example.test`,
  password,
  firstName: 'Dana',
  lastName: `Versions${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 120_000 })
test.beforeAll(async () => {
  await createUsers([dana])
})

test('replace a file, see its versions, restore the first and delete the other', async ({ page }) => {
  await signIn(page, dana.email, password)
  await page.goto('/files')
  const folderName = `Versions ${tag}`
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByLabel('Folder name').fill(folderName)
  await page.getByRole('button', { name: 'Create' }).click()
  await page.getByRole('link', { name: folderName }).click()
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible({ timeout: 15_000 })

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-versions-'))
  const first = path.join(dir, 'notes.txt')
  fs.writeFileSync(first, 'first words\n')
  const second = path.join(dir, 'other-name.txt')
  fs.writeFileSync(second, 'second words, a little longer\n')
  await page.getByLabel('Files to upload').setInputFiles(first)
  await expect(page.getByRole('region', { name: 'Upload files' }).getByText(/^1 of 1 file/)).toBeVisible({
    timeout: 30_000,
  })

  // Replace… keeps the name.
  await page.getByRole('button', { name: 'Actions for notes.txt' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Replace…' }).click()
  await (await chooser).setFiles(second)
  await expect(page.getByText('Replaced “notes.txt”', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Actions for other-name.txt' })).toHaveCount(0)

  // Versions…: the first content is listed; restore it.
  await page.getByRole('button', { name: 'Actions for notes.txt' }).click()
  await page.getByRole('menuitem', { name: 'Versions…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Versions of “notes.txt”' })
  await expect(dialog).toBeVisible()
  const versions = dialog.getByRole('list', { name: 'Earlier versions' })
  await expect(versions.getByRole('listitem')).toHaveCount(1)
  await expect(versions).toContainText('12 bytes')
  expect(await seriousViolations(page)).toEqual([])
  await versions.getByRole('button', { name: /^Restore the version/ }).click()
  await expect(page.getByText('Restored “notes.txt”', { exact: true })).toBeVisible({ timeout: 15_000 })
  // The replacement is now the earlier version.
  await expect(versions).toContainText('30 bytes')

  // She administers her own folder: she may delete the version for good.
  await versions.getByRole('button', { name: /^Delete the version/ }).click()
  await page.getByRole('button', { name: 'Delete version' }).click()
  await expect(dialog.getByText('No earlier versions.')).toBeVisible({ timeout: 15_000 })
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toHaveCount(0)

  // Content of another type: she is told, and may take the new extension.
  const markdown = path.join(dir, 'notes.md')
  fs.writeFileSync(markdown, '# Notes\n')
  await page.getByRole('button', { name: 'Actions for notes.txt' }).click()
  const mdChooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Replace…' }).click()
  await (await mdChooser).setFiles(markdown)
  const warning = page.getByRole('dialog', { name: 'The new content is a .md file' })
  await expect(warning).toContainText('“notes.txt” is a .txt file')
  expect(await seriousViolations(page)).toEqual([])
  await warning.getByRole('button', { name: 'Rename to “notes.md”' }).click()
  // The first replacement's toast may still be up: this one is the newest.
  await expect(page.getByText('Replaced “notes.txt”', { exact: true }).last()).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('button', { name: 'Actions for notes.md' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Actions for notes.txt' })).toHaveCount(0)
})
