import { defineConfig } from 'vitest/config'
import { reactOnPreactAliases } from './scripts/react-on-preact-aliases'

// Unit tests live beside the code (src/**/*.test.ts) and run once.
// The HTTP/database suite lives in test/ and runs twice: on SQLite always, and on PostgreSQL when
// TEST_DATABASE_URL is set. Each test file gets its own fresh database (test/support/test-app.ts).
const common = { setupFiles: ['test/support/setup.ts'], testTimeout: 20_000, hookTimeout: 60_000 }
const serverSuite = ['test/**/*.test.ts']
const postgresUrl = process.env.TEST_DATABASE_URL
// The web renders on Preact in the build (vite.config.ts, decision 0101), so its render tests do too:
// the same aliases, and Preact's own HTML renderer in place of React's.
const webOnPreact = [
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  ...reactOnPreactAliases,
]

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core machines this runs on. The
    // server suites spend much of their time waiting (PostgreSQL, loopback servers, child processes), so
    // two files at a time keep both cores busy. Every file has its own database and ports, so files
    // never share state. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/web/**/*.render.test.ts'],
        },
      },
      {
        // The ESM builds of react-router and the rest (their "module" condition), which the aliases reach.
        resolve: { alias: webOnPreact, conditions: ['module'] },
        ssr: { resolve: { conditions: ['module'], externalConditions: ['module'] } },
        test: {
          ...common,
          name: 'web-render',
          include: ['src/web/**/*.render.test.ts'],
          // Packages that import React are bundled for these tests, so the aliases reach them too.
          server: { deps: { inline: [/react-router/, /@tanstack\/react-/, /@radix-ui/, /lucide-react/] } },
        },
      },
      { test: { ...common, name: 'sqlite', include: serverSuite, env: { TEST_DIALECT: 'sqlite' } } },
      ...(postgresUrl
        ? [
            {
              test: {
                ...common,
                name: 'postgres',
                include: serverSuite,
                env: { TEST_DIALECT: 'postgres', TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
})
