import { createUsers, signIn } from './support/admin-users'
import { expect, test } from './support/fixtures'

// Live notifications (product.md §5): user B has a page open; user A shares a folder with
// B; B's bell count rises without a reload (server-sent events), and the entry leads to the folder.

const tag = `ntf${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const alice = {
  email: `${tag}.a@example.test`,
  password,
  firstName: 'Alice',
  lastName: `Sharer${tag}`,
  verified: true,
}
const bob = {
  email: `${tag}.b@example.test`,
  password,
  firstName: 'Bob',
  lastName: `Watcher${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([alice, bob])
})

test('the bell counts a share live and its entry opens the folder', async ({
  page,
  browser,
  browserIssues,
}) => {
  // Bob's page is open on the home page, before anything happens.
  await signIn(page, bob.email, password)
  let reloaded = false
  await page.goto('/')
  page.on('load', () => {
    reloaded = true
  })
  const bell = page.getByTestId('notification-bell')
  // What the server says Bob has unread, and whether the bell shows exactly that. Bob is new, but specs
  // running alongside may broadcast to everyone (activity in Public), so his count need not start at 0.
  let folderId = ''
  const unreadOnServer = async () => {
    const res = await page.request.get('/api/notifications?limit=50')
    const list = (await res.json()) as {
      items: { id: string; folder_id: string | null; read: boolean }[]
      unread: number
    }
    return {
      share: list.items.filter((n) => n.folder_id === folderId).map((n) => n.read),
      unread: list.unread,
      unreadIds: list.items.filter((n) => !n.read).map((n) => n.id),
    }
  }
  const bellShows = async (unread: number) =>
    (await bell.getAttribute('aria-label')) ===
    (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`)
  await expect.poll(async () => bellShows((await unreadOnServer()).unread)).toBe(true)
  const start = (await unreadOnServer()).unread

  // Alice, in her own browser, creates a folder and shares it with Bob (the API the share dialog uses).
  const aliceContext = await browser.newContext()
  const alicePage = await aliceContext.newPage()
  await browserIssues.watch(alicePage)
  await signIn(alicePage, alice.email, password)
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL! }
  const folderName = `Plans ${tag}`
  const created = await alicePage.request.post('/api/folders', { headers, data: { folder_name: folderName } })
  expect(created.status(), await created.text()).toBe(201)
  const folder = (await created.json()) as { id: string }
  folderId = folder.id
  const shared = await alicePage.request.post(`/api/folders/${folder.id}/shares`, {
    headers,
    data: { email: bob.email, permissionType: 'viewer' },
  })
  expect(shared.status(), await shared.text()).toBe(200)
  await aliceContext.close()

  // Bob's bell rises live, with no reload, to a count that holds the share's entry, unread. (Alice's
  // earlier "created" entry for the folder stays out of Bob's inbox: his access, and so his stream,
  // starts at the share.)
  await expect
    .poll(async () => {
      const { share, unread } = await unreadOnServer()
      return share.length === 1 && !share[0] && (await bellShows(unread))
    })
    .toBe(true)
  const before = Number(await page.getByTestId('notification-count').textContent())
  expect(before).toBeGreaterThan(start)
  const unreadBefore = (await unreadOnServer()).unreadIds
  expect(reloaded).toBe(false)

  // The entry names Alice and the folder, and opens the folder.
  await bell.click()
  const entry = page.getByRole('menuitem').filter({ hasText: folderName }).filter({ hasText: 'with you as' })
  await expect(entry).toContainText(new RegExp(`Alice .*shared folder ${folderName} with you as viewer`))
  await expect(page.getByRole('menuitem').filter({ hasText: folderName })).toHaveCount(1)
  await entry.click()
  await expect(page).toHaveURL(new RegExp(`/files/${folder.id}$`))
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible()
  // Opening it marked it read: the share's entry is read on the server, and the bell shows the
  // server's unread count. A broadcast from a spec running alongside may arrive meanwhile, so the
  // check is on the entries that were unread before: all of them but the share's still are.
  await expect.poll(async () => (await unreadOnServer()).share).toEqual([true])
  await expect.poll(async () => bellShows((await unreadOnServer()).unread)).toBe(true)
  const after = await unreadOnServer()
  const stillUnread = unreadBefore.filter((id) => after.unreadIds.includes(id))
  expect(stillUnread).toHaveLength(unreadBefore.length - 1)
})
