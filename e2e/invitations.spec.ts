import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { linkIn, waitForMail } from './support/mailbox'

// Inviting people: an admin invites by e-mail with a role and staff functions; the invitee opens the
// link from the mail the SMTP server received, chooses a name and password, and lands signed in.

const tag = `inv${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const admin = {
  email: `${tag}.admin@example.test`,
  password: `e2e-password-${tag}`,
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin' as const,
  verified: true,
}

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([admin])
})

test('an admin invites staff; the invitee sets a password from the mail and lands signed in', async ({
  page,
  browser,
  browserIssues,
}) => {
  const invitee = `${tag}.staff@example.test`
  await signIn(page, admin.email, admin.password)
  await page.goto('/admin/users')
  const section = page.getByRole('region', { name: 'Invite people' })
  await section.getByLabel('E-mail address').fill(invitee)
  await section.getByLabel('Role').selectOption('staff')
  await section.getByLabel('Access shop').check()
  await section.getByRole('button', { name: 'Send invitation' }).click()
  const pending = section.getByRole('list', { name: 'Pending invitations' })
  await expect(pending.getByText(invitee)).toBeVisible()
  await expect(pending.getByText(/Staff · Access shop/)).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /admin/users with invitations').toEqual([])

  const mail = await waitForMail(invitee, /invited/)
  expect(mail.text).toContain('Ada Admin invited you')
  const link = linkIn(mail, '/accept-invitation')

  // The invitee, in a browser of their own.
  const context = await browser.newContext()
  const theirs = await context.newPage()
  await browserIssues.watch(theirs)
  await theirs.goto(link.href)
  await expect(theirs.getByText(invitee)).toBeVisible()
  expect(await seriousViolations(theirs), 'accessibility of /accept-invitation').toEqual([])
  await theirs.getByRole('button', { name: 'Create my account' }).click()
  await expect(theirs.getByText('Enter your first name')).toBeVisible()
  await theirs.getByLabel('First name').fill('Sam')
  await theirs.getByLabel('Last name').fill('Staff')
  await theirs.getByLabel(/^Password/).fill(`staff-password-${tag}`)
  await theirs.getByRole('button', { name: 'Create my account' }).click()
  // Staff start at the dashboard.
  await expect(theirs).toHaveURL('/staff/dashboard')
  await expect(theirs.getByRole('banner').getByText('Sam', { exact: true })).toBeVisible()
  const me = await (await theirs.request.get('/api/me')).json()
  expect(me).toMatchObject({ email: invitee, role: 'staff', staffFunctions: ['AccessShop'] })

  // The link worked once.
  await theirs.goto(link.href)
  await expect(theirs.getByText('This invitation was already accepted')).toBeVisible()
  browserIssues.clear() // the browser logs the expected 410 of the used link
  await context.close()

  // The admin's list no longer shows it.
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Invite people' }).getByText('No pending invitations.'),
  ).toBeVisible()
})
