import type { Page } from '@playwright/test'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// The file manager's everyday gestures: drop files anywhere on a folder's listing (a visible drop
// target), the item menu's Download, and rename keeping the extension. A PDF's preview has its own
// spec (files-pdf-preview.spec.ts).

const tag = `fui${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const owner = {
  email: `${tag}.owner@example.test`,
  password,
  firstName: 'Fay',
  lastName: `Owner${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 120_000 })

test.beforeAll(async () => {
  await createUsers([owner])
})

async function newFolder(page: Page, name: string): Promise<string> {
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL!, 'Content-Type': 'application/json' }
  const res = await page.request.post('/api/folders', {
    headers,
    data: { folder_name: name, parent_id: null },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

test('drop files on the listing, download from the menu, rename keeps the extension', async ({ page }) => {
  await signIn(page, owner.email, password)
  const folderName = `Drops ${tag}`
  const id = await newFolder(page, folderName)
  await page.goto(`/files/${id}`)
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible()

  // Files dragged over the listing show the drop target; dropping uploads them into this folder.
  const target = page.getByTestId('folder-drop-target')
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer()
    dt.items.add(new File(['dropped on the list'], 'notes.final.txt', { type: 'text/plain' }))
    return dt
  })
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  await expect(page.getByText(`Drop to upload to ${folderName}`)).toBeVisible()
  await target.dispatchEvent('drop', { dataTransfer })
  await expect(page.getByText(`Drop to upload to ${folderName}`)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'notes.final.txt', exact: true })).toBeVisible()

  // The menu offers Download (a link to the file's download) with the other actions.
  await page.getByRole('button', { name: 'Actions for notes.final.txt' }).click()
  const download = page.getByRole('menuitem', { name: 'Download' })
  await expect(download).toHaveAttribute('href', /\/api\/files\/[^/]+\/download$/)
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Rename selects the name without its extension: typing replaces "notes.final" and keeps ".txt".
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const field = page.getByLabel('New name')
  await expect(field).toBeFocused()
  expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
    0,
    'notes.final'.length,
  ])
  await page.keyboard.type('summary')
  await expect(field).toHaveValue('summary.txt')
  await page.getByRole('button', { name: 'Rename', exact: true }).click()
  await expect(page.getByRole('button', { name: 'summary.txt', exact: true })).toBeVisible()
})
