import { createUsers, type NewUser, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// Personal access tokens in the browser: made on the profile page (the secret shown once), used by a
// script and in the API reference's "Try it out", seen by an admin on the user's page, revoked.

const tag = `tok${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const owner: NewUser = {
  email: `${tag}.owner@example.test`,
  password,
  firstName: 'Tara',
  lastName: 'Token',
  verified: true,
}
const admin: NewUser = {
  email: `${tag}.admin@example.test`,
  password,
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  verified: true,
}

test.describe.configure({ mode: 'serial', timeout: 180_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await createUsers([owner, admin])
})

test('make a token on the profile, use it from a script and the API reference, revoke it', async ({
  page,
  browser,
  playwright,
}) => {
  await signIn(page, owner.email, owner.password)
  const me = (await (await page.request.get('/api/me')).json()) as { id: string }
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Access tokens' })
  await expect(card.getByText('You have not made any tokens.')).toBeVisible()

  // Each field says what is wrong.
  await card.getByRole('button', { name: 'Make token' }).click()
  await expect(card.getByText('Give the token a name')).toBeVisible()

  await card.getByLabel('Name').fill('Nightly backup')
  await card.getByLabel('Access').selectOption('read-write')
  await card.getByLabel('Expires after').selectOption('90')
  await card.getByRole('button', { name: 'Make token' }).click()
  const secret = card.getByLabel('The new access token')
  await expect(secret).toHaveValue(/^dpt_[A-Za-z0-9_-]{43}$/)
  const token = await secret.inputValue()
  await expect(card.getByRole('button', { name: 'Copy token' })).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /profile with a new token').toEqual([])
  await card.getByRole('button', { name: 'Done' }).click()
  await expect(secret).toHaveCount(0)
  await expect(card.getByText('Nightly backup')).toBeVisible()
  await expect(card.getByText('Never used')).toBeVisible()

  // A script: no cookie, no Origin, only the token.
  const script = await playwright.request.newContext({ baseURL: process.env.DEPOT_E2E_BASE_URL })
  const asScript = await script.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })
  expect(asScript.status()).toBe(200)
  expect(((await asScript.json()) as { email: string }).email).toBe(owner.email)
  expect(asScript.headers()['set-cookie']).toBeUndefined()

  // The API reference, in a browser with no session: Authorize with the token, then try a call.
  const docsContext = await browser.newContext()
  const docs = await docsContext.newPage()
  // Swagger UI renders a long list of operations lazily: a deep link scrolls to the one we want, and
  // its own lock button opens the authorization dialog without scrolling away. Swagger UI's bundle is
  // large: on a loaded machine parsing it and rendering the whole document took over 20 s.
  await docs.goto('/api/docs#/account/getApiMe')
  const getMe = docs.locator('#operations-account-getApiMe')
  await expect(getMe.getByRole('button', { name: 'Try it out' })).toBeVisible({ timeout: 60_000 })
  await getMe.getByRole('button', { name: 'Try it out' }).click()
  await getMe.locator('button.authorization__btn').click()
  const dialog = docs.locator('.modal-ux')
  await dialog.locator('input').first().fill(token)
  // Swagger UI names the scheme's button "Apply credentials"; the dialog's × closes it.
  await dialog.locator('button.modal-btn.authorize').first().click()
  await dialog.locator('.close-modal').click()
  await getMe.getByRole('button', { name: 'Execute' }).click()
  await expect(getMe.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText(
    '200',
  )
  await expect(getMe.locator('.live-responses-table')).toContainText(owner.email)
  await docsContext.close()

  await page.reload()
  await expect(card.getByText(/^Last used /)).toBeVisible()

  // The admin sees the token on the user's page.
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await signIn(adminPage, admin.email, admin.password)
  await adminPage.goto(`/admin/users/${me.id}`)
  const section = adminPage.getByRole('region', { name: 'Access tokens' })
  await expect(section.getByText('Nightly backup')).toBeVisible()
  await expect(section.getByText(/^Last used /)).toBeVisible()
  expect(await seriousViolations(adminPage), 'accessibility of the user page').toEqual([])
  await adminContext.close()

  // Revoked, it stops working at once.
  await card.getByRole('button', { name: 'Revoke access token Nightly backup' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click()
  await expect(card.getByText('You have not made any tokens.')).toBeVisible()
  const after = await script.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })
  expect(after.status()).toBe(401)
  await script.dispose()
})

test('a password change offers to revoke the tokens; the admin signs someone out with or without theirs', async ({
  page,
  browser,
}) => {
  const person: NewUser = {
    email: `${tag}.changer@example.test`,
    password,
    firstName: 'Cha',
    lastName: 'Nger',
    verified: true,
  }
  await createUsers([person])
  await signIn(page, person.email, person.password)
  const { id } = (await (await page.request.get('/api/me')).json()) as { id: string }
  const origin = process.env.DEPOT_E2E_BASE_URL!
  const makeToken = async (name: string) => {
    const res = await page.request.post('/api/me/access-tokens', {
      headers: { Origin: origin },
      data: { name, scope: 'read-only', expiresInDays: 30 },
    })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { token: string }).token
  }
  const works = async (token: string) =>
    (await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).status() === 200

  // Kept: the box unticked.
  const kept = await makeToken('Kept script')
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Password' })
  const revoke = card.getByRole('checkbox', { name: /Also revoke my access token/ })
  await expect(revoke).toBeChecked()
  expect(await seriousViolations(page), 'accessibility of the password card with tokens').toEqual([])
  await revoke.uncheck()
  await card.getByLabel('Current password').fill(person.password)
  await card.getByLabel('New password').fill(`${person.password}-2`)
  await card.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your other devices were signed out.', { exact: true })).toBeVisible()
  expect(await works(kept)).toBe(true)

  // Revoked: the default.
  await makeToken('Second script')
  await page.reload()
  await expect(card.getByRole('checkbox', { name: 'Also revoke my 2 access tokens' })).toBeChecked()
  await card.getByLabel('Current password').fill(`${person.password}-2`)
  await card.getByLabel('New password').fill(`${person.password}-3`)
  await card.getByRole('button', { name: 'Change password' }).click()
  await expect(
    page.getByText('Your other devices were signed out and your access tokens revoked.', { exact: true }),
  ).toBeVisible()
  expect(await works(kept)).toBe(false)
  await expect(
    page.getByRole('region', { name: 'Access tokens' }).getByText('You have not made any tokens.'),
  ).toBeVisible()

  // The admin's user page: sessions only, then sessions and tokens.
  const script = await makeToken('Third script')
  const adminPage = await browser.newPage()
  await signIn(adminPage, admin.email, admin.password)
  await adminPage.goto(`/admin/users/${id}`)
  const sessions = adminPage.getByRole('region', { name: 'Sessions' })
  await expect(sessions).toContainText('An access token also acts as them.')
  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click()
  let dialog = adminPage.getByRole('alertdialog')
  await expect(dialog).toContainText('Their access tokens keep working (1)')
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(
    adminPage.getByText('1 session ended. 1 access token still works.', { exact: true }),
  ).toBeVisible()
  expect(await works(script)).toBe(true)

  await sessions.getByRole('button', { name: 'Sign out and revoke tokens' }).click()
  dialog = adminPage.getByRole('alertdialog')
  await expect(dialog).toContainText('every access token stops working')
  expect(await seriousViolations(adminPage), 'accessibility of the sign-out dialog').toEqual([])
  await dialog.getByRole('button', { name: 'Sign out and revoke tokens' }).click()
  await expect(
    adminPage.getByText('0 sessions ended. 1 access token revoked.', { exact: true }),
  ).toBeVisible()
  expect(await works(script)).toBe(false)
  await adminPage.close()
})
