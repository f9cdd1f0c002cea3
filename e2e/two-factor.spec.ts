import fs from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { accountMenu, PASSWORD, uniqueEmail } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// Two-factor sign-in in the browser (docs/decisions/0044): set it up on the profile by reading the
// key off the page (as someone typing it into their app would) and computing codes with otpauth, then
// sign out and sign in again, the code asked for after the password.

test.use({ colorScheme: 'light' })

/**
 * A code the server accepts now and has not seen: the next 30-second step's (one step either side of
 * now is accepted, and each step's code works once, so the step just used for set-up is spent).
 */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 })

test('set up two-factor sign-in on the profile, then sign in with password and code', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('totp')
  await createUsers([{ email, password: PASSWORD, firstName: 'Tess', lastName: 'Otp', verified: true }])

  await page.goto('/sign-in')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/')

  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Two-factor sign-in' })
  await expect(card.getByText('Off', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible()
  expect(await card.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(
    /^data:image\/svg\+xml;base64,/,
  )
  expect(await seriousViolations(page), 'accessibility of the set-up').toEqual([])

  const secret = ((await card.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  // The form checks the code's shape before sending it.
  await card.getByLabel('Code from the app').fill('12')
  await card.getByRole('button', { name: 'Turn on' }).click()
  await expect(card.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible()
  await card
    .getByLabel('Code from the app')
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() }))
  await card.getByRole('button', { name: 'Turn on' }).click()

  await expect(card.getByText('Save your recovery codes now')).toBeVisible()
  const codes = await card
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents()
  expect(codes).toHaveLength(10)
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)
  expect(await seriousViolations(page), 'accessibility of the recovery codes').toEqual([])
  // It is on from the moment the code was accepted, not once the codes are put away.
  await expect(card.getByText('On', { exact: true })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/-recovery-codes\.txt$/)
  const saved = fs.readFileSync(await download.path(), 'utf8')
  for (const code of codes) expect(saved).toContain(code)
  await expect(card.getByRole('button', { name: 'Print' })).toBeVisible()
  await card.getByRole('button', { name: 'I have saved them' }).click()
  await expect(card.getByText('On', { exact: true })).toBeVisible()
  await expect(card.getByText('10 of 10 recovery codes left.', { exact: false })).toBeVisible()

  await accountMenu(page, 'Tess').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out', { exact: true })).toBeVisible()

  // The password alone is not enough: the page asks for the code and keeps what was typed.
  await page.goto('/sign-in?callbackUrl=%2Fprofile')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Enter your sign-in code')).toBeVisible()
  await expect(page.getByLabel('Sign-in code')).toBeFocused()
  expect((await page.request.get('/api/me')).status()).toBe(401)
  expect(await seriousViolations(page), 'accessibility of the code step').toEqual([])

  await page.getByLabel('Sign-in code').fill('000000')
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page.getByText('That code is not right')).toBeVisible()
  expect((await page.request.get('/api/me')).status()).toBe(401)

  await page.getByLabel('Sign-in code').fill(nextCode(secret))
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page).toHaveURL('/profile')
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('On', { exact: true }),
  ).toBeVisible()
})

test('an admin resets a user’s two-factor sign-in from the user page', async ({ page }) => {
  test.setTimeout(90_000)
  const origin = process.env.DEPOT_E2E_BASE_URL!
  const email = uniqueEmail('lostphone')
  const adminEmail = uniqueEmail('resetter')
  await createUsers([
    { email, password: PASSWORD, firstName: 'Lou', lastName: 'Stphone', verified: true },
    {
      email: adminEmail,
      password: PASSWORD,
      firstName: 'Ria',
      lastName: 'Set',
      role: 'admin',
      verified: true,
    },
  ])

  // The user turns two-factor sign-in on over the API, as the profile does.
  await signIn(page, email, PASSWORD)
  const setup = await page.request.post('/api/me/two-factor/setup', { headers: { Origin: origin }, data: {} })
  expect(setup.status()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const enable = await page.request.post('/api/me/two-factor/enable', {
    headers: { Origin: origin },
    data: { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() }) },
  })
  expect(enable.status()).toBe(200)
  const { id } = (await (await page.request.get('/api/me')).json()) as { id: string }
  await page.context().clearCookies()

  await signIn(page, adminEmail, PASSWORD)
  await page.goto(`/admin/users/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lou Stphone' })).toBeVisible()
  await expect(page.getByText('Signs in with a code from an authenticator app.')).toBeVisible()
  await page.getByRole('button', { name: 'Reset two-factor sign-in' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('They are told by e-mail.')
  expect(await seriousViolations(page), 'accessibility of the reset dialog').toEqual([])
  await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click()
  await expect(page.getByText('Two-factor sign-in reset', { exact: true })).toBeVisible()
  await expect(page.getByText('Signs in without a second factor.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reset two-factor sign-in' })).toHaveCount(0)
})

test('a new site asks its admins to set up two-factor sign-in; the settings say what each choice means', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const adminEmail = uniqueEmail('graceadmin')
  await createUsers([
    {
      email: adminEmail,
      password: PASSWORD,
      firstName: 'Gra',
      lastName: 'Ce',
      role: 'admin',
      verified: true,
    },
  ])
  await signIn(page, adminEmail, PASSWORD)

  // The grace period: a reminder above every page, with the date and a way to set it up.
  const reminder = page.getByRole('status').filter({ hasText: 'Set up two-factor sign-in' })
  await page.goto('/files')
  await expect(reminder).toBeVisible()
  await expect(reminder).toContainText('The admins require it for your account. After')
  expect(await seriousViolations(page), 'accessibility of the reminder').toEqual([])
  await reminder.getByRole('link', { name: 'Set it up now' }).click()
  await expect(page).toHaveURL('/account/two-factor')
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible()
  await expect(reminder).toHaveCount(0)

  await page.goto('/admin/security')
  const choices = page.getByRole('group', { name: 'Who must use two-factor sign-in' })
  await expect(choices.getByRole('radio', { name: /^Admins/ })).toBeChecked()
  await expect(choices).toContainText('within 7 days of their first sign-in')
  await expect(choices).toContainText('Two-factor sign-in is optional for everyone.')
  expect(await seriousViolations(page), 'accessibility of the security settings').toEqual([])

  // The e2e server is shared: the choice is put back whatever happens.
  try {
    await choices.getByRole('radio', { name: /^Nobody/ }).check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Security settings saved', { exact: true })).toBeVisible()
    await expect(reminder).toHaveCount(0)
  } finally {
    const origin = process.env.DEPOT_E2E_BASE_URL!
    const restored = await page.request.patch('/api/admin/security-settings', {
      headers: { Origin: origin },
      data: { twoFactorRequirement: 'admins' },
    })
    expect(restored.status()).toBe(200)
  }
  await page.reload()
  await expect(reminder).toBeVisible()
})
