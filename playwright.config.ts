import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/support/chromium'

// Browser tests (e2e/) run against the production build (`node dist/server/main.js`), started once by
// e2e/support/global-setup.ts on a free port with a throwaway DATA_DIR. The setup exports the server's
// origin as DEPOT_E2E_BASE_URL before the workers start, and workers re-read this file, so `baseURL`
// below is the running server. Set DEPOT_E2E_BASE_URL yourself to test a server you started.
//
// Debian's Chromium is used (architecture.md: never download a browser).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Playwright empties outputDir on every run: keep it apart from test-results/, which also holds the
  // Vitest report, the e2e JSON report and the server log.
  outputDir: 'test-results/e2e-artifacts',
  // Tests are independent (a fresh browser context each; the data they create is their own).
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two cores: one worker per core (the server shares them, but the tests mostly wait on it).
  workers: 2,
  // Budgets for a busy two-core machine (the suite runs beside the server, two browsers and often
  // other work): a page's first visit in a fresh browser context fetches and compiles the app's
  // chunks before it renders, which alone took over 5 s under load. Expectations wait for their
  // condition and return as soon as it holds, so a generous budget costs nothing when things work and
  // a real failure still fails, only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: process.env.DEPOT_E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // A trace is kept for a failure when someone can open it; CI only prints, so recording one for
    // every test there would only slow the suite.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
