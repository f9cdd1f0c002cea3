import type { Page } from '@playwright/test'

/**
 * Waits until React has hydrated the server-rendered page (hydrateRoot marks #root as its container):
 * before that the HTML shows but its buttons and forms have no handlers yet, so a click would be lost.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}
