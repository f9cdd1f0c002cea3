import fs from 'node:fs'
import { test as base, expect, type Page } from '@playwright/test'
import { waitForReactInBrowser, waitForReactInContext } from './hydration'

// Every browser test imports `test` and `expect` from here. Like the Vitest setup (tests fail on
// console.error), a test fails when, during it:
//   - the page logged a console error or threw an uncaught exception (`pageerror`);
//   - the page hit a Content-Security-Policy violation (reported through a binding, so even a violation
//     Chromium would only log quietly is caught, with its directive and blocked URL);
//   - the server logged an error (pino level >= 50) to test-results/e2e-server.log.
// A test that expects one of these on purpose calls `browserIssues.clear()` after provoking it.
// With two workers sharing one server, a server error is charged to whichever tests were running
// at the time: the message names the log file to read.

export interface BrowserIssues {
  /** Everything seen so far, one readable line each. */
  list(): string[]
  clear(): void
  /** Watches another page (one from a context the test made itself). */
  watch(page: Page): Promise<void>
}

const PINO_ERROR = 50

export const test = base.extend<
  { browserIssues: BrowserIssues; serverLogErrors: undefined },
  { reactReadyBrowser: undefined }
>({
  // Navigations wait for React to take the page over (see hydration.ts), in the test's own page and in
  // any context or page a test opens itself.
  context: async ({ context }, use) => {
    await use(waitForReactInContext(context))
  },
  reactReadyBrowser: [
    async ({ browser }, use) => {
      waitForReactInBrowser(browser)
      await use(undefined)
    },
    { scope: 'worker', auto: true },
  ],
  browserIssues: [
    async ({ page }, use) => {
      let issues: string[] = []
      const watch = async (target: Page) => {
        target.on('console', (message) => {
          if (message.type() !== 'error') return
          const where = message.location().url ? ` (${message.location().url})` : ''
          issues.push(`console.error on ${safeUrl(target)}: ${message.text()}${where}`)
        })
        target.on('pageerror', (error) => {
          issues.push(`uncaught exception on ${safeUrl(target)}: ${error.stack ?? error.message}`)
        })
        await target.exposeBinding('__depotCspViolation', (_source, text: string) => {
          issues.push(`CSP violation on ${safeUrl(target)}: ${text}`)
        })
        // Init scripts and bindings come from the browser protocol, so the page's CSP does not block them.
        await target.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (event) => {
            const report = (window as unknown as { __depotCspViolation?: (t: string) => void })
              .__depotCspViolation
            report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`)
          })
        })
      }
      await watch(page)
      await use({
        list: () => [...issues],
        clear: () => {
          issues = []
        },
        watch,
      })
      expect(issues, 'the page logged errors, threw, or violated the CSP').toEqual([])
    },
    { auto: true },
  ],

  serverLogErrors: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies this way.
    async ({}, use) => {
      const logFile = process.env.DEPOT_E2E_SERVER_LOG
      const start = logFile ? fileSize(logFile) : 0
      await use(undefined)
      if (!logFile) return
      const added = readFrom(logFile, start)
      const errors = added
        .split('\n')
        .filter((line) => line.trim())
        .filter((line) => {
          try {
            return ((JSON.parse(line) as { level?: number }).level ?? 0) >= PINO_ERROR
          } catch {
            return false
          }
        })
      expect(errors, `the server logged errors during this test (full log: ${logFile})`).toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

function safeUrl(page: Page): string {
  try {
    return new URL(page.url()).pathname
  } catch {
    return page.url()
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

function readFrom(file: string, start: number): string {
  const size = fileSize(file)
  if (size <= start) return ''
  const fd = fs.openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(size - start)
    fs.readSync(fd, buffer, 0, buffer.length, start)
    return buffer.toString('utf8')
  } finally {
    fs.closeSync(fd)
  }
}
