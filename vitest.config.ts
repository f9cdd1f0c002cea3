import { defineConfig } from 'vitest/config'

// Unit tests live beside the code (src/**/*.test.ts) and run once.
// The HTTP/database suite lives in test/ and runs twice: on SQLite always, and on PostgreSQL when
// TEST_DATABASE_URL is set. Each test file gets its own fresh database (test/support/test-app.ts).
const common = { setupFiles: ['test/support/setup.ts'], testTimeout: 20_000, hookTimeout: 60_000 }
const serverSuite = ['test/**/*.test.ts']
const postgresUrl = process.env.TEST_DATABASE_URL

export default defineConfig({
  test: {
    projects: [
      { test: { ...common, name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
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
