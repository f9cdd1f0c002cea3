import { createUsers, runAdminCli, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// A tab left signed in when an admin restricts the account signs itself out on its next request and
// says why; the bell goes with the session. Signed in, the home page offers the person's files, not
// "Sign in".

const tag = `sus${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const member = {
  email: `${tag}.member@example.test`,
  password: `e2e-password-${tag}`,
  firstName: 'Mo',
  lastName: 'Member',
  verified: true,
}

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([member])
})

test('a restricted account’s open tab signs out and says the account is suspended', async ({
  page,
  browserIssues,
}) => {
  await signIn(page, member.email, member.password)
  await page.goto('/')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Open my files' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0)
  await expect(page.getByTestId('notification-bell')).toBeVisible()

  await runAdminCli(['restrict', '--email', member.email])
  // The tab's next request meets the restriction.
  await main.getByRole('link', { name: 'Open my files' }).click()
  await expect(page).toHaveURL('/account-suspended')
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is suspended' })).toBeVisible()
  await expect(page.getByTestId('notification-bell')).toHaveCount(0)
  expect(await (await page.request.get('/api/auth/session')).json()).toBeNull()
  expect(await seriousViolations(page), 'accessibility of /account-suspended').toEqual([])
  // The browser logs the 401s that told the tab.
  browserIssues.clear()

  await page.goto('/')
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible()
})
