import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../src/server/app'
import { newId } from '../src/server/lib/ids'
import { nameKey } from '../src/shared/names'
import { accessToken, openDepot } from './lib/app-fixture'
import { type Benchmark, runBenchmark } from './lib/benchmark'
import { seedFolderFiles } from './lib/seed'
import type { Settings } from './lib/settings'
import { formatTable } from './lib/table'

// A folder's first page of 100 out of BENCH_LISTING_ENTRIES (default 100,000) files, signed in as a
// customer with a grant on it (a personal access token as bearer), from the whole Depot app, against
// bare Hono answering the same page from three raw better-sqlite3 statements. Then, in this process,
// the SQL statements one listing runs at depth 1 and at depth 16: they must be as many.

const ENTRIES = Number(process.env.BENCH_LISTING_ENTRIES ?? 100_000)
// Fixed ids, so both targets seed the same folder and serve the same path.
const USER_ID = '0190a000-0000-7000-8000-000000000001'
const FOLDER_ID = '0190a000-0000-7000-8000-000000000002'
const PATH = `/api/folders/${FOLDER_ID}/children?pageSize=100`
const DEEP = 16

const listing: Benchmark = {
  name: 'folder-listing',
  description: `a folder's first page of 100 of ${ENTRIES.toLocaleString('en')} files, signed in`,
  baseline: 'raw',
  targets: [
    {
      id: 'raw',
      label: 'raw better-sqlite3 + Hono',
      module: 'targets/folder-listing-raw.ts',
      args: [String(ENTRIES), USER_ID, FOLDER_ID],
      path: PATH,
    },
    {
      id: 'depot',
      label: 'Depot GET /api/folders/:id/children',
      module: 'targets/depot-app.ts',
      args: ['silent', 'folder-listing', String(ENTRIES), USER_ID, FOLDER_ID],
      path: PATH,
    },
  ],
  notes: [
    'Depot also checks the bearer token (one statement), reads the path with the grants and sends its',
    'security headers and breadcrumbs; the raw target knows its caller.',
  ],
  goal: { target: 'depot', minRatio: 0.5 },
}

/**
 * The latency goal is a page's own time, measured one request at a time: under the throughput run's
 * 32 connections a one-threaded server's p99 is mostly the queue (the raw target's too).
 */
const listingLatency: Benchmark = {
  ...listing,
  name: 'folder-listing, one request at a time',
  description: `${listing.description}, one connection`,
  notes: [],
  goal: { target: 'depot', maxP99Ms: 10 },
}

export const folderListing = {
  name: listing.name,
  async run(settings: Settings): Promise<{ ok: boolean }> {
    const result = await runBenchmark(listing, settings)
    const latency = await runBenchmark(listingLatency, { ...settings, connections: 1 })
    const depth1 = await statementsAtDepth(1)
    const depth16 = await statementsAtDepth(DEEP)
    console.log()
    console.log(
      formatTable(
        ['SQL statements per listing', 'depth 1', `depth ${DEEP}`, 'goal', 'met?'],
        [
          [
            'GET /api/folders/:id/children (bearer token)',
            String(depth1),
            String(depth16),
            'equal',
            depth1 === depth16 ? 'met' : 'MISSED',
          ],
        ],
      ),
    )
    return { ok: result.ok && latency.ok }
  },
}

/** The statements the app runs for one listing of a folder `depth` levels down (the top is 1). */
async function statementsAtDepth(depth: number): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-depth-'))
  let counting = false
  let statements = 0
  const { database, deps } = await openDepot(dataDir, {
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
