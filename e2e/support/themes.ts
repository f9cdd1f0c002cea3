import type { Page } from '@playwright/test'
import { seriousViolations } from './axe'
import { expect } from './fixtures'

/**
 * The page as it is now, in the light and then the dark theme (the system's preference): no sideways
 * scroll and no serious axe violation in either. Contrast is measured once the theme's colour
 * transitions have ended. Leaves the page in the light theme.
 */
export async function fitsAndPassesAxeInBothThemes(page: Page, what: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(scheme))
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (a) =>
                  a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
              ).length,
        ),
      )
      .toBe(0)
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }
    })
    expect(scrollWidth, `${what} scrolls sideways (${scheme})`).toBeLessThanOrEqual(clientWidth)
    expect(await seriousViolations(page), `accessibility of ${what} (${scheme})`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
