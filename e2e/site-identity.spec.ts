import { accentPalette } from '../src/shared/color'
import { photoPng } from './support/accounts'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { waitForMail } from './support/mailbox'

// The site identity: an admin names the business and picks an accent on /admin/site; a visitor then
// sees the name in the header, footer and document title, and the accent on the page. The identity
// is shared by every test on this server, so the test puts the previous name, address and accent back
// when it is done. It leaves its logo in place: pages that other tests have open at that moment show
// the logo, and removing it would make their next request for it fail (404).

const tag = `site${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const admin = {
  email: `${tag}.admin@example.test`,
  password: `e2e-password-${tag}`,
  firstName: 'Sade',
  lastName: 'Admin',
  role: 'admin' as const,
  verified: true,
}
const NAME = `Acme Prints ${tag}`
const ACCENT = '#0f766e'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test('an admin names the business and sets the accent; visitors see it everywhere', async ({
  page,
  browser,
}) => {
  await createUsers([admin])
  await signIn(page, admin.email, admin.password)
  const before = await (await page.request.get('/api/admin/site')).json()
  try {
    await page.goto('/admin/site')
    await expect(page.getByRole('heading', { name: 'Site identity', level: 1 })).toBeVisible()
    await expect.poll(() => seriousViolations(page)).toEqual([])

    // Each field says what is wrong.
    await page.getByLabel('Business name').fill('   ')
    await page.getByLabel('Colour', { exact: true }).fill('teal')
    await page.getByLabel('Support e-mail').fill('not-an-address')
    await page.getByRole('button', { name: 'Save site identity' }).click()
    await expect(page.getByText('Enter the business name')).toBeVisible()
    await expect(page.getByText('Use a colour like #4338ca')).toBeVisible()
    await expect(page.getByText('Enter a valid e-mail address, or leave it empty')).toBeVisible()

    await page.getByLabel('Business name').fill(NAME)
    await page.getByLabel('Postal address').fill('12 Market Road\nIkeja, Lagos')
    await page.getByLabel('Support e-mail').fill('help@acme.test')
    await page.getByLabel('Colour', { exact: true }).fill(ACCENT)
    await page.getByRole('button', { name: 'Save site identity' }).click()
    await expect(page.getByText('Site identity saved', { exact: true })).toBeVisible()
    // The admin's own frame follows at once.
    await expect(page.getByTestId('site-brand')).toContainText(NAME)
    await expect(page).toHaveTitle(`Site identity · ${NAME}`)

    // A logo: previewed before saving, then in the header.
    await page.getByTestId('logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await photoPng(),
    })
    await expect(page.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible()
    await page.getByRole('button', { name: 'Save logo' }).click()
    await expect(page.getByText('Logo saved', { exact: true })).toBeVisible()
    await expect(page.getByRole('img', { name: 'The current logo' })).toBeVisible()
    await expect(page.getByTestId('site-brand').locator('img')).toHaveAttribute(
      'src',
      /^\/api\/site\/logo\?v=/,
    )

    // E-mails come from the business's name, with its logo; the admin sends themselves a sample.
    await expect(page.getByTestId('mail-sender')).toContainText(`${NAME} <`)
    await page.getByRole('button', { name: 'Send a test e-mail' }).click()
    await expect(page.getByText(`It is on its way to ${admin.email}.`)).toBeVisible()
    const sample = await waitForMail(admin.email, /^A test e-mail from /)
    expect(sample.headers.get('from')).toMatch(new RegExp(`^"?${NAME}"? <`))
    expect(sample.html).toMatch(/<img src="[^"]*\/api\/site\/logo\?v=/)

    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    try {
      await visitor.goto('/shop')
      await expect(visitor.getByTestId('site-brand')).toHaveText(NAME)
      await expect(visitor.getByTestId('site-brand').locator('img')).toBeVisible()
      await expect(visitor).toHaveTitle(new RegExp(` · ${NAME}$`))
      await expect(visitor.getByTestId('footer-name')).toHaveText(NAME)
      await expect(visitor.getByTestId('footer-address')).toContainText('12 Market Road')
      await expect(visitor.getByTestId('footer-address')).toContainText('help@acme.test')
      const accent = () =>
        visitor.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
        )
      await expect.poll(accent).toBe(accentPalette(ACCENT, 'light').accent)
      await expect.poll(() => seriousViolations(visitor)).toEqual([])
      // On a phone the name is whole: it wraps, nothing is cut off.
      await visitor.setViewportSize({ width: 390, height: 844 })
      const brand = visitor.getByTestId('site-brand')
      await expect(brand).toHaveText(NAME)
      const cut = await brand.locator('span').evaluate((el) => ({
        overflow: el.scrollWidth > el.clientWidth + 1,
        ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
      }))
      expect(cut).toEqual({ overflow: false, ellipsis: false })
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await visitorContext.close()
    }
  } finally {
    const origin = new URL(page.url()).origin
    const { name, description, address, supportEmail, accentColor } = before
    await page.request.put('/api/admin/site', {
      data: { name, description, address, supportEmail: supportEmail ?? '', accentColor },
      headers: { Origin: origin },
    })
  }
})
