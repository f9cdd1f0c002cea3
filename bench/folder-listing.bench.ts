import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../src/server/app'
import { newId } from '../src/server/lib/ids'
import { nameKey } from '../src/shared/names'
import { accessToken, openDepot, targetDatabaseEnv } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  databaseEnv,
  emptyPostgres,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { type Benchmark, runBenchmark } from './lib/benchmark'
import { type GoalRow, loadAverage, printGoalRows } from './lib/goal-rows'
import { seedFolderFiles } from './lib/seed'
import type { Settings } from './lib/settings'
import { formatFixed, formatInteger } from './lib/table'

// A folder's first page of 100 out of BENCH_LISTING_ENTRIES (default 100,000) files, signed in as a
// customer with a grant on it (a personal access token as bearer), from the whole Depot app, against
// the same page from three raw statements: bare Hono and better-sqlite3 on SQLite, node:http and a
// pg.Pool on PostgreSQL (when BENCH_DATABASE_URL names a scratch database). Then, in this process,
// the SQL statements one listing runs at depth 1 and at depth 16: they must be as many.

const ENTRIES = Number(process.env.BENCH_LISTING_ENTRIES ?? 100_000)
// Fixed ids, so both targets seed the same folder and serve the same path.
const USER_ID = '0190a000-0000-7000-8000-000000000001'
const FOLDER_ID = '0190a000-0000-7000-8000-000000000002'
const PATH = `/api/folders/${FOLDER_ID}/children?pageSize=100`
const DEEP = 16
const GOAL_RATIO = 0.5
const GOAL_P99_MS = 10
// Seeding 100k files (PostgreSQL's trigram index included) takes 10–40 s on two busy cores.
const SEEDING_TARGET_TIMEOUT_MS = 180_000

/**
 * The listing on one database. On SQLite each target seeds its own file; on PostgreSQL the Depot
 * target empties the scratch database and seeds it (then ANALYZE), and the raw target, started after
 * it, reads those same rows.
 */
function listingOn(on: BenchDatabase): Benchmark {
  const depot = {
    id: 'depot',
    label: 'Depot GET /api/folders/:id/children',
    module: 'targets/depot-app.ts',
    args: ['silent', 'folder-listing', String(ENTRIES), USER_ID, FOLDER_ID],
    path: PATH,
    env: targetDatabaseEnv(on),
    startTimeoutMs: SEEDING_TARGET_TIMEOUT_MS,
  }
  const targets = on.url
    ? [
        depot,
        {
          id: 'raw',
          label: 'raw pg.Pool + node:http',
          module: 'targets/folder-listing-raw-pg.ts',
          args: [USER_ID, FOLDER_ID],
          path: PATH,
          env: targetDatabaseEnv(on),
        },
      ]
    : [
        {
          id: 'raw',
          label: 'raw better-sqlite3 + Hono',
          module: 'targets/folder-listing-raw.ts',
          args: [String(ENTRIES), USER_ID, FOLDER_ID],
          path: PATH,
          startTimeoutMs: SEEDING_TARGET_TIMEOUT_MS,
        },
        depot,
      ]
  return {
    name: `folder-listing on ${on.label}`,
    description: `a folder's first page of 100 of ${ENTRIES.toLocaleString('en')} files, signed in, on ${on.label}`,
    baseline: 'raw',
    targets,
    notes: [
      'Depot also checks the bearer token (one statement), reads the path with the grants and sends its',
      'security headers and breadcrumbs; the raw target knows its caller.',
    ],
    goal: { target: 'depot', minRatio: GOAL_RATIO },
  }
}

export const folderListing = {
  name: 'folder-listing',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    let ok = true
    const rows: GoalRow[] = []
    for (const on of benchDatabases()) {
      const listing = listingOn(on)
      const result = await runBenchmark(listing, settings)
      // The latency goal is a page's own time, measured one request at a time: under the throughput
      // run's 32 connections a one-threaded server's p99 is mostly the queue (the raw target's too).
      const latency = await runBenchmark(
        {
          ...listing,
          name: `${listing.name}, one request at a time`,
          description: `${listing.description}, one connection`,
          notes: [],
          goal: { target: 'depot', maxP99Ms: GOAL_P99_MS },
        },
        { ...settings, connections: 1 },
      )
      ok = ok && result.ok && latency.ok
      const depot = result.figures.find((f) => f.def.id === 'depot')!
      const ratio = depot.requestsPerSecond / result.baseline.requestsPerSecond
      rows.push({
        database: on.label,
        what: 'listing req/s, 32 connections',
        figure: formatInteger(depot.requestsPerSecond),
        baseline: formatInteger(result.baseline.requestsPerSecond),
        ratio: `${formatFixed(ratio, 2)}×`,
        goal: `≥ ${GOAL_RATIO}× raw`,
        met: ratio >= GOAL_RATIO,
        load: result.load,
      })
      const alone = latency.figures.find((f) => f.def.id === 'depot')!
      rows.push({
        database: on.label,
        what: 'listing p99 ms, one at a time',
        figure: formatFixed(alone.p99, 2),
        baseline: formatFixed(latency.baseline.p99, 2),
        ratio: `${formatFixed(alone.p99 / latency.baseline.p99, 2)}×`,
        goal: `< ${GOAL_P99_MS} ms`,
        met: alone.p99 < GOAL_P99_MS,
        load: latency.load,
      })
      const depth1 = await statementsAtDepth(on, 1)
      const depth16 = await statementsAtDepth(on, DEEP)
      rows.push({
        database: on.label,
        what: `statements per listing, depth 1 and ${DEEP}`,
        figure: `${depth1} and ${depth16}`,
        baseline: '',
        ratio: '',
        goal: 'equal',
        met: depth1 === depth16,
        load: loadAverage(),
      })
    }
    printGoalRows(rows)
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok }
  },
}

/** The statements the app runs for one listing of a folder `depth` levels down (the top is 1). */
async function statementsAtDepth(on: BenchDatabase, depth: number): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-depth-'))
  let counting = false
  let statements = 0
  if (on.url) await emptyPostgres(on.url)
  const { database, deps } = await openDepot(dataDir, {
    env: databaseEnv(on),
    onQuery: () => {
      if (counting) statements++
    },
  })
  try {
    const ids = { userId: newId(), folderId: newId() }
    await seedFolderFiles(database.db, ids, 10)
    // Public subfolders under the granted top one: each inherits the grant.
    let parent = ids.folderId
    for (let level = 2; level <= depth; level++) {
      const id = newId()
      const now = new Date().toISOString()
      await database.db
        .insertInto('folders')
        .values({
          id,
          folder_name: `Level ${level}`,
          name_key: nameKey(`Level ${level}`),
          type: 'public',
          isTrashed: false,
          parent_id: parent,
          createdBy: ids.userId,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      parent = id
    }
    const token = await accessToken(deps, ids.userId, 'read-only')
    const { app } = createApp(deps)
    const get = () =>
      app.request(`http://localhost:3000/api/folders/${parent}/children?pageSize=100`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    await get() // once unmeasured: first-use work (settings, caches) is not the listing's
    counting = true
    const res = await get()
    counting = false
    if (res.status !== 200) throw new Error(`listing at depth ${depth} answered ${res.status}`)
    return statements
  } finally {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
