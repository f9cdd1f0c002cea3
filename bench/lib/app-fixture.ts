import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DestinationStream } from 'pino'
import { type Database, openDatabase } from '../../src/server/db/connection'
import { migrateToLatest } from '../../src/server/db/migrator'
import type { AppDeps } from '../../src/server/deps'
import type { Env } from '../../src/server/env'
import { loadEnv } from '../../src/server/env'
import { createAccessToken } from '../../src/server/features/accounts/access-tokens/access-tokens.service'
import { createNotificationHub } from '../../src/server/features/notifications/notification-hub'
import { createPaystack } from '../../src/server/features/shop/paystack/paystack-setup'
import { createMetrics } from '../../src/server/features/system/metrics'
import { createLogger } from '../../src/server/lib/logger'
import { createStorage } from '../../src/server/lib/storage'
import { type BenchDatabase, databaseEnv, emptyPostgres } from './bench-database'
import { SERVER_NODE_ARGS } from './server-node-args'
import type { Settings } from './settings'
import { percentile, sortNumbers } from './stats'
import { startTarget, type TargetProcess } from './target-process'

// For self-running benchmarks of the file manager: a migrated data folder seeded in this process,
// personal access tokens made there, then the whole Depot app serving that folder in its own process
// (targets/depot-app.ts `existing`), and sequential timed requests against it.

/** A Depot on a data folder, built as main.ts builds it (no mail worker, no jobs). */
export interface Depot {
  env: Env
  database: Database
  deps: AppDeps
}

export interface DepotOptions {
  /** Pino level; 'silent' unless given. */
  logLevel?: string
  /** Where log lines go when the level is not silent (default: pino's stdout). */
  logDestination?: DestinationStream
  /** Further environment variables (as strings, like the real environment). */
  env?: Record<string, string>
  /** Called with the SQL of every statement (statement counts). */
  onQuery?: (sql: string) => void
}

/**
 * The one way every benchmark makes a Depot: environment, migrated database and dependencies on
 * `dataDir`. Nothing measured sends mail, so queued mail stays in the outbox.
 */
export async function openDepot(dataDir: string, options: DepotOptions = {}): Promise<Depot> {
  const level = options.logLevel ?? 'silent'
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: level,
    ...options.env,
  })
  const database = openDatabase(env.database, options.onQuery ? { onQuery: options.onQuery } : {})
  await migrateToLatest(database)
  const notificationHub = createNotificationHub()
  const deps: AppDeps = {
    env,
    database,
    logger: createLogger({ level: env.logLevel, destination: options.logDestination }),
    clock: () => new Date(),
    mailer: { kick: () => {} },
    storage: createStorage(env),
    ...createPaystack({ env, database }),
    notificationHub,
    metrics: createMetrics(database, notificationHub),
  }
  return { env, database, deps }
}

/** A personal access token of `userId` (the secret itself, without "Bearer "). */
export async function accessToken(
  deps: AppDeps,
  userId: string,
  scope: 'read-only' | 'read-write' = 'read-write',
): Promise<string> {
  const { token } = await createAccessToken(
    deps,
    { id: userId, email: 'bench@example.com', from: { ipAddress: '127.0.0.1', userAgent: 'bench' } },
    { name: 'bench', scope, expiresInDays: 7 },
  )
  return token
}

export interface Fixture {
  dataDir: string
  /** Where the data is: SQLite in `dataDir`, or the scratch PostgreSQL database. */
  on: BenchDatabase | undefined
  database: Database
  deps: AppDeps
  /** A read-write personal access token for `userId`, as an Authorization header value. */
  bearer(userId: string): Promise<string>
  /** Closes the database (before the app opens it) and returns the running app. */
  serve(settings: Settings): Promise<TargetProcess>
  remove(): void
}

/** A migrated Depot on a new data folder and, for PostgreSQL, the scratch database emptied first. */
export async function prepareFixture(on?: BenchDatabase): Promise<Fixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-files-'))
  if (on?.url) await emptyPostgres(on.url)
  const { database, deps } = await openDepot(dataDir, { env: databaseEnv(on) })
  return {
    dataDir,
    on,
    database,
    deps,
    bearer: async (userId) => `Bearer ${await accessToken(deps, userId)}`,
    serve: async (settings) => {
      await database.close()
      return serveDepot(dataDir, settings, on)
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** One request, its body read whole; throws unless the status is `expected`. */
export async function timedRequest(
  url: string,
  init: RequestInit,
  expected = 200,
): Promise<{ ms: number; body: string }> {
  const started = performance.now()
  const res = await fetch(url, init)
  const body = await res.text()
  const ms = performance.now() - started
  if (res.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status}: ${body}`)
  return { ms, body }
}

/**
 * Reads a response body to its end and counts its line feeds, without holding the body: the runner
 * shares the cores with the server it measures, and decoding and splitting a whole export at once
 * blocked the runner's own event loop (and so its probes' timings) for over 100 ms. indexOf, not a
 * loop over every byte.
 */
export async function countLineFeeds(
  res: Response,
  onProgress?: (newlines: number) => void,
): Promise<number> {
  let newlines = 0
  const reader = res.body!.getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    for (let at = next.value.indexOf(10); at !== -1; at = next.value.indexOf(10, at + 1)) newlines++
    onProgress?.(newlines)
  }
  return newlines
}

/** Asks `url` again and again, one at a time, for `seconds` (at least `min` times); p50 and p95. */
export async function repeat(url: string, headers: Record<string, string>, seconds: number, min = 20) {
  const times: number[] = []
  const until = performance.now() + seconds * 1000
  while (times.length < min || performance.now() < until)
    times.push((await timedRequest(url, { headers })).ms)
  const sorted = sortNumbers(times)
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) }
}

/**
 * The whole Depot app in its own process (with npm start's node arguments) on a data folder already
 * seeded (logs silent), on `on`'s PostgreSQL database when it names one.
 */
export function serveDepot(dataDir: string, settings: Settings, on?: BenchDatabase): Promise<TargetProcess> {
  return startTarget(
    {
      id: 'depot',
      label: 'Depot',
      module: 'targets/depot-app.ts',
      args: ['silent', 'existing', dataDir],
      path: '/healthz',
      env: targetDatabaseEnv(on),
      nodeArgs: SERVER_NODE_ARGS,
    },
    settings,
  )
}

/** The variable a target process (targets/depot-app.ts) reads its PostgreSQL address from. */
export const TARGET_DATABASE_URL = 'BENCH_TARGET_DATABASE_URL'

/** The environment that makes a target process open `on`'s database rather than its SQLite file. */
export function targetDatabaseEnv(on: BenchDatabase | undefined): Record<string, string> {
  return on?.url ? { [TARGET_DATABASE_URL]: on.url } : {}
}
