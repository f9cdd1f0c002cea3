import { type Page, test as plain } from '@playwright/test'
import { PASSWORD } from './support/accounts'
import { signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { type Role, type Seed, SWEPT, type SweptPage, seedSweep, unsweptRoutes } from './support/page-sweep'

// Every page of the web route table, at 390 px and 1280 px, in the light and the dark theme: the page
// never scrolls sideways and axe finds no serious or critical violation. One browser context per role;
// each page is loaded once, then switched between themes (the system preference, which the app follows
// live while nobody chose a theme) and widths (the layout follows the viewport live too). Every problem
// of a run is collected and reported together, so one run lists everything to fix.

const WIDTHS = [1280, 390] as const
const THEMES = ['light', 'dark'] as const

// One seed per worker: the pages only read it.
let seeding: Promise<Seed> | undefined
const seed = () => {
  seeding ??= seedSweep()
  return seeding
}

plain('every route of the web route table is swept or excluded with a reason', () => {
  expect(unsweptRoutes()).toEqual([])
})

// The check every page goes through finds what it is there to find: a page given an image without a
// text alternative, a button without a name and grey text on grey gets each reported, and a defect
// axe rates only moderate (content outside any landmark) is not.
test('the accessibility check reports the serious violations a page has, and only those', async ({
  page,
}) => {
  await page.goto('/contact')
  await expect(seriousViolations(page)).resolves.toEqual([])
  await page.evaluate(() => {
    const broken = document.createElement('div')
    broken.innerHTML =
      '<img src="/favicon.svg"><button type="button"></button>' +
      '<p style="color:#777;background:#888">Grey on grey</p>'
    document.body.append(broken)
  })
  const rules = (await seriousViolations(page)).map((line) => line.split(' ')[0])
  expect(rules.sort()).toEqual(['button-name', 'color-contrast', 'image-alt'])
})

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'))

/**
 * Until layout and colours are final: no finite animation or transition is running. When that does not
 * happen within the expect timeout, the failure names what was still moving (its element and what it
 * animates), so a page that keeps restarting a transition says which one.
 */
async function settle(page: Page): Promise<void> {
  let running: string[] = []
  await expect
    .poll(
      async () => {
        running = await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
          return document
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            )
            .map((a) => {
              const target = (a.effect as KeyframeEffect | null)?.target
              const where = target
                ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}`
                : 'no target'
              const what =
                'transitionProperty' in a
                  ? `transition of ${String(a.transitionProperty)}`
                  : 'animationName' in a
                    ? `animation ${String(a.animationName)}`
                    : 'animation'
              return `${what} on ${where}`
            })
        })
        return running.length
      },
      { message: 'no finite animation or transition is running' },
    )
    .toBe(0)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nstill running: ${running.join('; ')}`)
    })
}

async function sweepPage(page: Page, entry: SweptPage, data: Seed, problems: string[]): Promise<void> {
  const url = entry.url(data)
  await page.setViewportSize({ width: WIDTHS[0], height: 800 })
  await page.emulateMedia({ colorScheme: THEMES[0] })
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible()
  if (entry.shows) await expect(page.getByText(entry.shows(data)).first(), url).toBeVisible()
  // Loading states are announced as busy; sweep what people read once they are done.
  await expect(page.locator('[aria-busy="true"]'), `${url} still loading`).toHaveCount(0)
  // Widths in the order 1280, 390, 390, 1280: one resize per step.
  let widths: readonly number[] = WIDTHS
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme })
    await expect.poll(() => isDark(page), `${url}: html.dark in the ${theme} theme`).toBe(theme === 'dark')
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
      await settle(page)
      const where = `${url} at ${width} px, ${theme}`
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }))
      if (scrollWidth > innerWidth) {
        const culprits = await widestElements(page)
        problems.push(`${where}: scrolls sideways (${scrollWidth} > ${innerWidth}); widest: ${culprits}`)
      }
      for (const violation of await seriousViolations(page)) problems.push(`${where}: ${violation}`)
    }
    widths = [...widths].reverse()
  }
}

/** The elements reaching past the viewport's right edge, deepest first: where an overflow comes from. */
function widestElements(page: Page): Promise<string> {
  return page.evaluate(() => {
    const limit = window.innerWidth
    const found: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.right <= limit + 0.5 || box.width === 0) continue
      if (
        element.querySelector('*') &&
        [...element.children].some((c) => c.getBoundingClientRect().right > limit + 0.5)
      )
        continue
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4) : []
      found.push(
        `${element.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')} (right ${Math.round(box.right)})`,
      )
      if (found.length === 4) break
    }
    return found.join(' | ') || '(no single element)'
  })
}

async function sweepRole(page: Page, role: Role, part: (entry: SweptPage, index: number) => boolean) {
  const data = await seed()
  if (role === 'customer') await signIn(page, data.customer.email, PASSWORD)
  if (role === 'admin') await signIn(page, data.admin.email, PASSWORD)
  const problems: string[] = []
  const pages = SWEPT.filter((entry) => entry.role === role).filter(part)
  for (const entry of pages) await sweepPage(page, entry, data, problems)
  expect(problems, `pages swept: ${pages.map((p) => p.url(data)).join(', ')}`).toEqual([])
}

test.describe('page sweep', () => {
  // Each test sweeps a few dozen page states with axe; the seed is made once per worker.
  test.describe.configure({ timeout: 300_000 })

  test('public pages', async ({ page, browserIssues }) => {
    await sweepRole(page, 'visitor', () => true)
    // The not-found page comes with its 404 status, which Chromium logs as a failed load.
    const issues = browserIssues
      .list()
      .filter((issue) => !issue.includes('/no/such/page: Failed to load resource'))
    browserIssues.clear()
    expect(issues).toEqual([])
  })

  test('a customer’s pages', async ({ page }) => {
    await sweepRole(page, 'customer', () => true)
  })

  // Two halves, so both workers share the longest role.
  test('staff and admin pages, first half', async ({ page }) => {
    await sweepRole(page, 'admin', (_entry, index) => index % 2 === 0)
  })

  test('staff and admin pages, second half', async ({ page }) => {
    await sweepRole(page, 'admin', (_entry, index) => index % 2 === 1)
  })
})
