import {
  accountMenu,
  credentialsSignInUrl,
  PASSWORD,
  photoPng,
  signUpOverApi,
  uniqueEmail,
} from './support/accounts'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { E2E_OIDC_ACCOUNT, E2E_OIDC_NAME } from './support/identity-provider'
import { linkIn, waitForMail } from './support/mailbox'

// Accounts journeys: sign-up with the verification mail read from a real SMTP server,
// sign-in with a password and through a real OpenID provider's login page, the profile, sign-out.
// Mail and the provider run on loopback (support/global-setup.ts). Console errors, CSP violations and
// server errors fail any test here (support/fixtures.ts).

test.use({ colorScheme: 'light' })

test('sign up, confirm the address from the mail, sign in, edit the profile and sign out', async ({
  page,
  request,
}) => {
  // A long journey through five pages and two mails: room for a slow, loaded machine.
  test.setTimeout(120_000)
  const email = uniqueEmail('ada')

  // Sign up as a corporate account; the form checks with the shared contract before sending.
  await page.goto('/sign-up')
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /sign-up').toEqual([])
  await page.getByRole('radio', { name: 'Corporate' }).check()
  await expect(page.getByRole('radio', { name: 'Individual' })).not.toBeChecked()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByLabel('First name')).toBeFocused()
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter your business name')).toBeVisible()
  await expect(page.getByText('Enter your industry')).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /sign-up with errors').toEqual([])

  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Business name').fill('Analytical Engines Ltd')
  await page.getByLabel('Industry').fill('Computing')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Check your e-mail')).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  // The mail arrived at the SMTP server; its link opens the page but does not confirm anything yet
  // (mail scanners open links too): only the button does.
  const mail = await waitForMail(email, /^Confirm your e-mail address/)
  expect(mail.text).toContain('Ada')
  const link = linkIn(mail, '/verify-email')
  await page.goto(link.href)
  await expect(page.getByRole('button', { name: 'Confirm my e-mail address' })).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /verify-email').toEqual([])
  expect((await credentialsSignInUrl(request, email, PASSWORD)).searchParams.get('code')).toBe(
    'email_not_verified',
  )
  // Confirming proves the mailbox: it signs the person in and brings them home (no callbackUrl here).
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await expect(page).toHaveURL('/')
  // Signed in, the header carries the notification bell; its page is reachable from the dropdown.
  await page.getByTestId('notification-bell').click()
  await page.getByRole('menuitem', { name: 'See all notifications' }).click()
  await expect(page).toHaveURL('/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await accountMenu(page, 'Ada').click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page).toHaveURL('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(page.getByText('This device')).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /profile').toEqual([])

  // Names and business details.
  await page.getByLabel('First name').fill('Augusta')
  await page.getByLabel('Last name').fill('King')
  await page.getByLabel('Business name').fill('Countess of Lovelace Ltd')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible()
  await expect(accountMenu(page, 'Augusta')).toBeVisible()

  // A picture: previewed at the avatar's size before saving, stored and served back as 256×256.
  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: await photoPng(),
  })
  const preview = page.getByRole('img', { name: 'Preview of your new picture' })
  await expect(preview).toBeVisible()
  expect(await preview.getAttribute('src')).toMatch(/^blob:/)
  expect(await preview.evaluate((img) => img.getBoundingClientRect().width)).toBe(96)
  await page.getByRole('button', { name: 'Save picture' }).click()
  await expect(page.getByText('Profile picture saved', { exact: true })).toBeVisible()
  const saved = page.getByRole('img', { name: 'Your profile picture' })
  await expect(saved).toHaveAttribute('src', /^\/api\/users\/[0-9a-f-]+\/avatar\?v=\d+$/)
  await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)
  expect(await saved.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(256)
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible()

  // The edits are stored: a reload shows them.
  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Augusta')
  await expect(page.getByLabel('Business name')).toHaveValue('Countess of Lovelace Ltd')

  // Sign out from the menu: the session ends on the server, not just in this page.
  await accountMenu(page, 'Augusta').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByText('You are signed out', { exact: true })).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Sign in' }).filter({ visible: true }),
  ).toBeVisible()
  expect((await page.request.get('/api/me')).status()).toBe(401)

  // Signed out, the profile sends people to sign in and back.
  await page.goto('/profile')
  await expect(page).toHaveURL('/sign-in?callbackUrl=%2Fprofile')
})

test('continue with the OpenID provider: its login page, then back signed in with the names it holds', async ({
  page,
}) => {
  await page.goto('/sign-in?callbackUrl=%2Fprofile')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /sign-in').toEqual([])
  await page.getByRole('button', { name: `Continue with ${E2E_OIDC_NAME}` }).click()

  // The provider's own page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible()
  expect(new URL(page.url()).origin).not.toBe(process.env.DEPOT_E2E_BASE_URL)
  await page.getByLabel('Account').fill(E2E_OIDC_ACCOUNT.sub)
  await page.getByRole('button', { name: 'Sign in' }).click()

  // Back at the page we came from, signed in as the person the provider described.
  await expect(page).toHaveURL('/profile')
  await expect(page.getByLabel('First name')).toHaveValue(E2E_OIDC_ACCOUNT.given_name)
  await expect(page.getByLabel('Last name')).toHaveValue(E2E_OIDC_ACCOUNT.family_name)
  // The account's details (the drive guides further down repeat the address as the user name).
  await expect(page.getByRole('main').locator('dl').getByText(E2E_OIDC_ACCOUNT.email)).toBeVisible()
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(accountMenu(page, E2E_OIDC_ACCOUNT.given_name)).toBeVisible()
  const providers = page.getByRole('region', { name: 'Sign-in providers' })
  await expect(providers.getByText(E2E_OIDC_NAME)).toBeVisible()
  await expect(providers.getByText('Connected')).toBeVisible()
  // Made through the provider, the account has no password to change.
  await expect(page.getByText('this account has no password')).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /profile (provider account)').toEqual([])
})

test('an unconfirmed address is offered a new link; a wrong password or unknown address gets one generic message', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('grace')
  await signUpOverApi(request, { email, first_name: 'Grace', last_name: 'Hopper' })
  await waitForMail(email, /^Confirm your e-mail address/)

  await page.goto('/sign-in')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Confirm your e-mail address first' })).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /sign-in with the resend offer').toEqual([])
  await page.getByRole('button', { name: 'Send a new verification link' }).click()
  await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible()
  const second = await waitForMail(email, /^Confirm your e-mail address/, { count: 2 })
  expect(linkIn(second, '/verify-email').searchParams.get('token')).toBeTruthy()

  // A wrong password: the same words as for an address nobody registered.
  await page.getByLabel(/^Password/).fill('not the right password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const wrong = page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' })
  await expect(wrong).toBeVisible()
  const wrongText = (await wrong.textContent()) ?? ''
  await expect(page.getByRole('link', { name: 'Reset your password' })).toBeVisible()

  await page.getByLabel('E-mail address').fill(uniqueEmail('nobody'))
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  // The message is replaced (not kept from before) once the second answer arrives.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).not.toHaveAttribute(
    'aria-busy',
    'true',
  )
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' })).toHaveText(wrongText)
  await expect(page).toHaveURL('/sign-in')
})

test('a forgotten password is replaced from the link in the reset mail', async ({ page, request }) => {
  const email = uniqueEmail('katherine')
  await signUpOverApi(request, { email, first_name: 'Katherine', last_name: 'Johnson' })

  await page.goto('/sign-in')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  expect(await seriousViolations(page), 'accessibility of /forgot-password').toEqual([])
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send the reset link' }).click()
  await expect(page.getByText('Check your e-mail')).toBeVisible()

  const mail = await waitForMail(email, /^Reset your .* password/)
  await page.goto(linkIn(mail, '/reset-password').href)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  expect(await seriousViolations(page), 'accessibility of /reset-password').toEqual([])
  const newPassword = 'a brand new passphrase 7'
  await page.getByLabel('New password').fill(newPassword)
  // The show/hide toggle lets people check what they typed.
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible()

  // The reset confirmed the address too (following the link proves the inbox).
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel(/^Password/).fill(newPassword)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(accountMenu(page, 'Katherine')).toBeVisible()
})

test('the accounts pages without their link token explain what to do, accessibly', async ({ page }) => {
  for (const [path, text] of [
    ['/verify-email', 'This link is incomplete'],
    ['/reset-password', 'This link is incomplete'],
    ['/setup', /setup link does not work|An admin account already exists/],
  ] as const) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByText(text)).toBeVisible()
    expect(await seriousViolations(page), `accessibility of ${path}`).toEqual([])
  }
})

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' })

  test('the sign-in and sign-up forms, errors included, keep their contrast', async ({ page }) => {
    await page.goto('/sign-up')
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByLabel('First name')).toBeFocused()
    expect(await seriousViolations(page), 'accessibility of /sign-up in dark mode').toEqual([])

    await page.goto('/sign-in?error=CredentialsSignin&code=rate_limited')
    await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts' })).toBeVisible()
    expect(await seriousViolations(page), 'accessibility of /sign-in in dark mode').toEqual([])
  })
})
