import type { Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// The application shell: header navigation, footer, client-side routes, the 404 page, the theme and the
// phone menu. Selectors go by role and accessible name, so markup can change freely as long as it stays
// accessible. Console errors, uncaught exceptions, CSP violations and server errors fail any test here
// (support/fixtures.ts); each test also asserts it explicitly at its end for a readable report.

const AREAS = [
  { name: /^shop$/i, path: '/shop' },
  { name: /^files$/i, path: '/files' },
  { name: /^contact$/i, path: '/contact' },
  { name: /^sign in$/i, path: '/sign-in' },
] as const

// A fixed system preference, so the starting theme is known (light) whatever the machine prefers.
test.use({ colorScheme: 'light' })

const header = (page: Page) => page.getByRole('banner')
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'))

/** The visible header link to an area (the phone layout may keep a hidden copy in the DOM). */
const headerLink = (page: Page, name: RegExp) =>
  header(page).getByRole('link', { name }).filter({ visible: true }).first()

test.describe('desktop shell', () => {
  test('home page has the header navigation, a heading and a footer', async ({ page, browserIssues }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(header(page)).toBeVisible()
    for (const area of AREAS) await expect(headerLink(page, area.name)).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(browserIssues.list()).toEqual([])
  })

  test('the header navigation reaches every area', async ({ page, browserIssues }) => {
    await page.goto('/')
    for (const area of AREAS) {
      await headerLink(page, area.name).click()
      await expect(page).toHaveURL(area.path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // Screen readers announce the current area.
      await expect(headerLink(page, area.name)).toHaveAttribute('aria-current', 'page')
      expect(await seriousViolations(page), `accessibility of ${area.path}`).toEqual([])
    }
    // Back to the start: the site name / logo in the header leads home.
    await header(page).locator('a[href="/"]').filter({ visible: true }).first().click()
    await expect(page).toHaveURL('/')
    expect(browserIssues.list()).toEqual([])
  })

  test('an area opened directly (deep link) renders, not a server 404', async ({ page, browserIssues }) => {
    for (const area of AREAS) {
      const response = await page.goto(area.path)
      expect(response?.status(), area.path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
    expect(browserIssues.list()).toEqual([])
  })

  test('an unknown route shows the 404 page inside the shell', async ({ page, browserIssues }) => {
    const response = await page.goto('/this/page/does-not-exist')
    // The server renders the not-found page with its status, which Chromium logs as a failed load.
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: /not found|404|no such page/i })).toBeVisible()
    await expect(header(page)).toBeVisible()
    // The page offers a way back.
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(browserIssues.list().filter((issue) => !issue.includes('status of 404'))).toEqual([])
    browserIssues.clear()
  })

  test('the theme toggle switches dark mode and the choice survives a reload', async ({
    page,
    browserIssues,
  }) => {
    await page.goto('/')
    await expect(header(page)).toBeVisible()
    expect(await isDark(page)).toBe(false)

    await chooseTheme(page, 'dark')
    await page.reload()
    await expect(header(page)).toBeVisible()
    expect(await isDark(page)).toBe(true)
    // Dark mode has its own colours: check their contrast too.
    expect(await seriousViolations(page), 'accessibility in dark mode').toEqual([])

    await chooseTheme(page, 'light')
    await page.reload()
    await expect(header(page)).toBeVisible()
    expect(await isDark(page)).toBe(false)
    expect(browserIssues.list()).toEqual([])
  })
})

/**
 * Visible area links in the header or the opened menu (a nav, or a dialog/sheet portalled out of the
 * header), but not the footer's, which may repeat them and are always visible.
 */
const menuLink = (page: Page, name: RegExp) =>
  page
    .locator('header, [role="dialog"], nav:not(footer nav)')
    .getByRole('link', { name })
    .filter({ visible: true })

test.describe('phone shell', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('a menu button opens the navigation', async ({ page, browserIssues }) => {
    await page.goto('/')
    const menuButton = page.getByRole('button', { name: /menu|navigation/i }).filter({ visible: true })
    await expect(menuButton).toHaveCount(1)
    // Closed: the area links are out of sight.
    await expect(menuLink(page, /^files$/i)).toHaveCount(0)

    await menuButton.click()
    for (const area of AREAS) {
      await expect(menuLink(page, area.name).first()).toBeVisible()
    }
    expect(await seriousViolations(page), 'accessibility with the phone menu open').toEqual([])

    await menuLink(page, /^files$/i)
      .first()
      .click()
    await expect(page).toHaveURL('/files')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(browserIssues.list()).toEqual([])
  })

  test('Escape closes the phone menu and gives focus back to the menu button', async ({ page }) => {
    await page.goto('/')
    const menuButton = page.getByRole('button', { name: /menu|navigation/i }).filter({ visible: true })
    await menuButton.focus()
    await page.keyboard.press('Enter')
    // Escape as soon as the button says the menu is open, before the browser has painted again:
    // the menu must listen from the moment it shows.
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(menuLink(page, /^files$/i)).toHaveCount(0)
    await expect(menuButton).toBeFocused()

    // A key pressed before the browser paints the open menu (a fast or loaded machine) is not lost:
    // open and press Escape in one task, once the opening render has run but before the next frame.
    const stillOpen = await menuButton.evaluate(async (button) => {
      ;(button as HTMLButtonElement).click()
      await new Promise((resolve) => setTimeout(resolve, 0))
      const opened = button.getAttribute('aria-expanded') === 'true'
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
      await new Promise((resolve) => setTimeout(resolve, 0))
      return { opened, expanded: button.getAttribute('aria-expanded') }
    })
    expect(stillOpen).toEqual({ opened: true, expanded: 'false' })
    await expect(menuLink(page, /^files$/i)).toHaveCount(0)
  })

  test('the page fits the phone screen without sideways scrolling', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

/**
 * Picks a theme whatever the control looks like: a toggle button, or a button opening a menu of themes
 * (Light / Dark / System). Waits until <html> has (or lacks) the `dark` class.
 */
async function chooseTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const control = header(page)
    .getByRole('button', { name: /theme|dark|light/i })
    .filter({ visible: true })
    .first()
  await control.click()
  const want = theme === 'dark'
  const menu = page.getByRole('menu')
  // Either the click already switched the theme, or it opened a menu to choose from.
  await expect
    .poll(async () => (await isDark(page)) === want || (await menu.isVisible()), {
      message: `the theme control neither switched to ${theme} nor opened a menu`,
    })
    .toBe(true)
  if ((await isDark(page)) !== want) {
    await menu.locator('[role^="menuitem"]', { hasText: new RegExp(`^\\s*${theme}`, 'i') }).click()
  }
  await expect.poll(() => isDark(page), { message: `html.dark after choosing ${theme}` }).toBe(want)
}
