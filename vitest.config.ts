import { defineConfig } from 'vitest/config'

// Unit tests live beside the code (src/**/*.test.ts) and run once.
// The HTTP/database suite lives in test/ and runs twice: on SQLite always, and on PostgreSQL when
// TEST_DATABASE_URL is set. Each test file gets its own fresh database (test/support/test-app.ts).
const common = { setupFiles: ['test/support/setup.ts'], testTimeout: 20_000, hookTimeout: 60_000 }
// The unit and rendering tests share a worker's modules too: each file importing them anew was two
// thirds of those projects' time (79 s against 37 s). They keep no state in modules; the few that set
// a global (a document for server-state.test.ts) remove it after each test.
const shared = { ...common, isolate: false }
const serverSuite = ['test/**/*.test.ts']
// The server suites' files run one after another in each worker over the modules it has already
// imported (no isolation): importing the app's module graph anew for each of 128 files was over half of
// the suite's time. Files share no state through modules: each builds its own app, database, ports and
// settings (test/support/test-app.ts), and the notification hub and metrics live in the app's deps.
const serverCommon = { ...common, isolate: false, globalSetup: ['test/support/server-bundle.global.ts'] }
const postgresUrl = process.env.TEST_DATABASE_URL
// Suites under test/ that open no database at all (the blob stores, storage settings, the emulator's
// page script): running them again on PostgreSQL would test nothing new.
const databaseFree = [
  'test/shop-payments/emulator-script.test.ts',
  'test/storage/disk-blob-store-memory.test.ts',
  'test/storage/disk-blob-store.test.ts',
  'test/storage/s3-blob-store.test.ts',
  'test/storage/storage-config.test.ts',
]

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core machines this runs on. The
    // server suites spend much of their time waiting (PostgreSQL, loopback servers, child processes):
    // with two files at a time the cores were 85 % busy, with three 97–99 %, and the whole run took
    // 573 s instead of 649 s on a 2-core AMD EPYC. Every file has its own database and ports, so files
    // never share state. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 3,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/web/**/*.render.test.ts'],
        },
      },
      {
        // The web's components rendered to HTML with react-dom/server: the React the build ships.
        test: { ...shared, name: 'web-render', include: ['src/web/**/*.render.test.ts'] },
      },
      { test: { ...serverCommon, name: 'sqlite', include: serverSuite, env: { TEST_DIALECT: 'sqlite' } } },
      ...(postgresUrl
        ? [
            {
              test: {
                ...serverCommon,
                name: 'postgres',
                include: serverSuite,
                exclude: databaseFree,
                env: { TEST_DIALECT: 'postgres', TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
})
