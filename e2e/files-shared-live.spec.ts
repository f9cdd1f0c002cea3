import type { Page } from '@playwright/test'
import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// "Shared with me" refreshes live: user B has the files home open on that tab; user A shares a folder
// with B, then creates another; B's list shows the shared folder without a reload, through the
// bell's one notification stream (the page opens no second EventSource). When A revokes the share,
// B's list drops the folder and B's open page of that folder shows that it cannot be opened, again
// without a reload (a live "access changed" event on the same stream, not a notification).

const tag = `shl${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const alice = {
  email: `${tag}.a@example.test`,
  password,
  firstName: 'Alice',
  lastName: `Owner${tag}`,
  verified: true,
}
const bob = {
  email: `${tag}.b@example.test`,
  password,
  firstName: 'Bob',
  lastName: `Reader${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([alice, bob])
})

test('a folder shared with the reader appears in Shared with me without a reload, and leaves it on a revoke', async ({
  page,
  browser,
  browserIssues,
}) => {
  await signIn(page, bob.email, password)
  const streams: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/notifications/stream')) streams.push(request.url())
  })
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'))
  await page.goto('/files?view=shared')
  await expect(page.getByText('Nobody has shared a folder with you yet.')).toBeVisible()
  await streamOpen
  let reloaded = false
  page.on('load', () => {
    reloaded = true
  })

  const aliceContext = await browser.newContext()
  const alicePage = await aliceContext.newPage()
  await browserIssues.watch(alicePage)
  await signIn(alicePage, alice.email, password)
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL! }
  const folderName = `Live ${tag}`
  const created = await alicePage.request.post('/api/folders', { headers, data: { folder_name: folderName } })
  expect(created.status(), await created.text()).toBe(201)
  const folder = (await created.json()) as { id: string }
  const shared = await alicePage.request.post(`/api/folders/${folder.id}/shares`, {
    headers,
    data: { email: bob.email, permissionType: 'viewer' },
  })
  expect(shared.status(), await shared.text()).toBe(200)

  await expect(page.getByRole('link', { name: folderName })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Nobody has shared a folder with you yet.')).toHaveCount(0)
  // The bell counts the share's entry, unread, as the server does.
  await expect.poll(async () => (await inboxOf(page, folder.id)).share).toEqual([false])
  await expect.poll(async () => bellShows(page, (await inboxOf(page, folder.id)).unread)).toBe(true)
  expect(reloaded).toBe(false)
  // One live connection for the page: the bell's.
  expect(streams).toHaveLength(1)

  // B also has the folder itself open in a second tab.
  const folderTab = await page.context().newPage()
  await browserIssues.watch(folderTab)
  const folderStream = folderTab.waitForResponse((r) => r.url().includes('/api/notifications/stream'))
  await folderTab.goto(`/files/${folder.id}`)
  await expect(folderTab.getByRole('heading', { level: 1, name: folderName })).toBeVisible()
  await folderStream
  let folderTabReloaded = false
  folderTab.on('load', () => {
    folderTabReloaded = true
  })

  const reader = (await (await page.request.get('/api/me')).json()) as { id: string }
  const revoked = await alicePage.request.delete(`/api/folders/${folder.id}/permissions/${reader.id}`, {
    headers,
  })
  expect(revoked.status(), await revoked.text()).toBe(200)
  await aliceContext.close()

  await expect(page.getByRole('link', { name: folderName })).toHaveCount(0)
  await expect(page.getByText('Nobody has shared a folder with you yet.')).toBeVisible()
  await expect(folderTab.getByRole('heading', { level: 1, name: folderName })).toHaveCount(0)
  await expect(folderTab.getByText('You cannot open this', { exact: true })).toBeVisible()
  await expect(folderTab.getByRole('link', { name: 'Back to Files' })).toBeVisible()
  // The share's entry left B's inbox with the access, and the bell follows at once: no notification
  // arrives to refresh it, only the access event.
  expect((await inboxOf(page, folder.id)).share).toEqual([])
  await expect.poll(async () => bellShows(page, (await inboxOf(page, folder.id)).unread)).toBe(true)
  // The folder's 404 is logged by the browser as a failed resource: expected here.
  browserIssues.clear()
  expect(reloaded).toBe(false)
  expect(folderTabReloaded).toBe(false)
})

/** What the server says the page's reader has unread, and the read state of the folder's entries. */
async function inboxOf(page: Page, folderId: string) {
  const res = await page.request.get('/api/notifications?limit=50')
  const list = (await res.json()) as { items: { folder_id: string | null; read: boolean }[]; unread: number }
  return { share: list.items.filter((n) => n.folder_id === folderId).map((n) => n.read), unread: list.unread }
}

/** Whether the bell shows exactly this unread count. */
async function bellShows(page: Page, unread: number) {
  const label = await page.getByTestId('notification-bell').getAttribute('aria-label')
  return label === (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`)
}
