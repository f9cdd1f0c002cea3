import { Writable } from 'node:stream'
import type { Hono } from 'hono'
import { createApp } from '../../src/server/app'
import { type Database, openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import type { AppDeps, AppEnv } from '../../src/server/deps'
import { type Env, loadEnv } from '../../src/server/env'
import { createMailTransport, type MailWorker, startMailWorker } from '../../src/server/features/mail'
import { createNotificationHub } from '../../src/server/features/notifications/notification-hub'
import { documentAttachments } from '../../src/server/features/shop/invoices/invoices.service'
import { createPaystack } from '../../src/server/features/shop/paystack/paystack-setup'
import { readSiteIdentity } from '../../src/server/features/site/site-identity.service'
import { createMetrics } from '../../src/server/features/system/metrics'
import type { AnyRoute } from '../../src/server/lib/http/route'
import { createLogger } from '../../src/server/lib/logger'
import { createStorage } from '../../src/server/lib/storage'
import { releaseWhenDone } from './cleanup'
import { checkResponsesAgainstRoutes } from './response-conformance'
import { createTestDatabase, type TestDatabase } from './test-database'

export const TEST_ORIGIN = 'http://localhost:3000'

/** Log lines the app wrote during a test, parsed: assert on them, e.g. that no secret leaks. */
export class LogSink {
  readonly lines: Record<string, unknown>[] = []
  readonly stream = new Writable({
    write: (chunk: Buffer, _encoding, callback) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) this.lines.push(JSON.parse(line))
      callback()
    },
  })
  get text(): string {
    return this.lines.map((l) => JSON.stringify(l)).join('\n')
  }
}

export interface TestApp {
  app: Hono<AppEnv>
  routes: readonly AnyRoute[]
  deps: AppDeps
  database: Database
  logs: LogSink
  testDb: TestDatabase
  /** The e-mail worker: it never polls in tests; drainOnce() sends what is due, deterministically. */
  mail: MailWorker
  /** Moves the app's clock; starts at the real time. */
  clock: { now: Date; advance(ms: number): void }
  /** A same-origin JSON request, as the web app sends it. */
  request(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>
}

export interface TestAppOptions {
  env?: Record<string, string>
  webRoot?: string
  /** Renders the public pages into the web root's shell (src/web/entry-server.tsx's renderPage). */
  renderPage?: AppDeps['renderPage']
  migrate?: boolean
  /**
   * Another app's database, to run a second instance on it (as behind a load balancer). The app that
   * made the database drops it; this one only closes its connections.
   */
  sharedDatabase?: TestDatabase
  /** Told the SQL of every statement the app runs (to count a request's statements). */
  onQuery?: (sql: string) => void
}

/**
 * The real app on a fresh database (SQLite file, or PostgreSQL when the suite runs there), migrated,
 * with a controllable clock and captured logs. Closed and dropped after the test file.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = options.sharedDatabase ?? (await createTestDatabase({ migrated: options.migrate !== false }))
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: testDb.dir,
    AUTH_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'info',
    // Server-rendered pages wait for their data however loaded the machine (one test sets a budget).
    PAGE_DATA_BUDGET_MS: '60000',
    ...options.env,
  })
  env.database = testDb.config
  const database = openDatabase(testDb.config, { onQuery: options.onQuery })
  if (options.migrate !== false) await migrateToLatest(database)

  const logs = new LogSink()
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms)
    },
  }
  const logger = createLogger({ level: 'info', destination: logs.stream })
  const mail = startMailWorker({
    database,
    transport: createMailTransport({ ...env.mail, dataDir: env.dataDir }, logger),
    senderName: async () => (await readSiteIdentity(database.db, env)).name,
    attachments: documentAttachments({ database }),
    logger,
    clock: () => clock.now,
    pollMs: 0,
  })
  const notificationHub = createNotificationHub()
  const deps: AppDeps = {
    env,
    database,
    logger,
    clock: () => clock.now,
    webRoot: options.webRoot,
    renderPage: options.renderPage,
    mailer: { kick: () => {} }, // tests drain explicitly with t.mail.drainOnce()
    storage: createStorage(env), // DATA_DIR/blobs beside the test database, or S3 when options.env says so
    ...createPaystack({ env, database }), // as main.ts: Paystack (or a stand-in) with keys, else the built-in emulator
    notificationHub,
    metrics: createMetrics(database, notificationHub),
  }
  const { app, routes } = createApp(deps)
  checkResponsesAgainstRoutes(app, routes)

  const cleanUp = async () => {
    // Open event streams never end by themselves (a test that failed midway leaves one open).
    notificationHub.close()
    await mail.stop()
    await database.close()
    if (!options.sharedDatabase) await testDb.drop()
  }
  // Made inside a test, the app lives until that test ends; made in beforeAll, until the file ends.
  releaseWhenDone(cleanUp)

  return {
    app,
    routes,
    deps,
    database,
    logs,
    testDb,
    mail,
    clock,
    request: async (path, init = {}) => {
      const method = init.method ?? 'GET'
      const headers: Record<string, string> = { Accept: 'application/json', ...init.headers }
      if (method !== 'GET' && method !== 'HEAD') {
        headers.Origin ??= TEST_ORIGIN
        headers['Content-Type'] ??= 'application/json'
      }
      return app.request(path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
    },
  }
}
