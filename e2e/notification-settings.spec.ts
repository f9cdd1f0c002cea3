import type { Page } from '@playwright/test'
import { createUsers, runAdminCli, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'
import { fitsAndPassesAxeInBothThemes } from './support/themes'

// Notification settings (docs/decisions/0143), through the UI: a member of a shared folder opens the
// settings from the notifications page, turns "Files and folders" off (the owner's next change then
// makes no entry in their inbox), then chooses "Bell + e-mail" (the owner's next change comes in the
// e-mail digest, with a link to the folder). The page at 390 px and 1280 px, light and dark, axe clean
// and with no sideways scroll.

test.describe.configure({ timeout: 120_000 })

const tag = `ns${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const owner = {
  email: `${tag}.owner@example.test`,
  password,
  firstName: 'Olu',
  lastName: `Owner${tag}`,
  verified: true,
}
const member = {
  email: `${tag}.member@example.test`,
  password,
  firstName: 'Mena',
  lastName: `Member${tag}`,
  verified: true,
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([owner, member])
})

// Radix repeats a toast's text in a screen-reader announcement for a moment: either copy will do.
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

async function choose(page: Page, kind: string, option: string) {
  const radio = page.getByRole('group', { name: kind }).getByRole('radio', { name: option, exact: true })
  await radio.check()
  await expect(radio).toBeChecked()
}

test('a member turns folder notices off, then gets them in the e-mail digest', async ({
  page,
  browser,
  browserIssues,
}) => {
  // The owner shares a folder with the member (the API the share dialog uses).
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await browserIssues.watch(ownerPage)
  await signIn(ownerPage, owner.email, password)
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL! }
  const created = await ownerPage.request.post('/api/folders', {
    headers,
    data: { folder_name: `Plans ${tag}` },
  })
  expect(created.status(), await created.text()).toBe(201)
  const folder = (await created.json()) as { id: string }
  const shared = await ownerPage.request.post(`/api/folders/${folder.id}/shares`, {
    headers,
    data: { email: member.email, permissionType: 'viewer' },
  })
  expect(shared.status(), await shared.text()).toBe(200)
  const rename = async (name: string) => {
    const res = await ownerPage.request.patch(`/api/folders/${folder.id}`, {
      headers,
      data: { folder_name: name },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  const folderEntries = async () => {
    const res = await page.request.get('/api/notifications?limit=100')
    const list = (await res.json()) as { items: { folder_id: string | null; action: string }[] }
    return list.items.filter((n) => n.folder_id === folder.id).map((n) => n.action)
  }

  // The member finds the settings from the notifications page.
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, member.email, password)
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect.poll(folderEntries).toEqual(['updated'])
  await fitsAndPassesAxeInBothThemes(page, '/notifications at 1280 px')
  await page.getByRole('link', { name: 'notification settings' }).click()
  await expect(page).toHaveURL(/\/account\/notifications$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible()
  await expect(page.getByText('Account and security: always on')).toBeVisible()
  await expect(
    page.getByRole('group', { name: 'Files and folders' }).getByRole('radio', { name: 'Bell', exact: true }),
  ).toBeChecked()
  await fitsAndPassesAxeInBothThemes(page, '/account/notifications at 1280 px')

  // Off: the owner's next change makes no entry, and the share's entry leaves the bell too.
  await choose(page, 'Files and folders', 'Off')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(toastText(page, 'Notification settings saved')).toBeVisible()
  await rename(`Plans ${tag} v2`)
  expect(await folderEntries()).toEqual([])
  await page.reload()
  await expect(
    page.getByRole('group', { name: 'Files and folders' }).getByRole('radio', { name: 'Off', exact: true }),
  ).toBeChecked()

  // On a phone: bell and e-mail, daily at most; the owner's next change comes in the digest.
  await page.setViewportSize({ width: 390, height: 844 })
  await fitsAndPassesAxeInBothThemes(page, '/account/notifications at 390 px')
  await choose(page, 'Files and folders', 'Bell + e-mail')
  await choose(page, 'E-mail digest', 'Daily')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(toastText(page, 'Notification settings saved')).toBeVisible()
  await fitsAndPassesAxeInBothThemes(page, '/account/notifications at 390 px, saved')
  await rename(`Plans ${tag} v3`)
  await expect.poll(folderEntries).toEqual(['renamed', 'renamed', 'updated'])

  // The job runs every few minutes; the operator's command runs it now.
  await runAdminCli(['send-digests'])
  const mail = await waitForMail(member.email, /new notification/)
  // Tests running alongside work in public folders, which every member sees too, so the digest may
  // hold their entries as well: of this folder's, only the change made after e-mail was turned on.
  expect(mail.subject).toMatch(/^\d+ new notifications? on /)
  expect(mail.text).toContain('Hi Mena,')
  expect(mail.text).toContain(`renamed folder Plans ${tag} v2 to Plans ${tag} v3`)
  expect(mail.text).not.toContain(`to Plans ${tag} v2\n`)
  expect((mail.text ?? '').split(`/files/${folder.id}`)).toHaveLength(2)
  expect(mail.text).toContain('/account/notifications')
  await ownerContext.close()
})
