import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { prepareFixture, timedRequest } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { builtStartMs } from './lib/built-start'
import { type Add, measureExport } from './lib/scale-export'
import { type LargeSeed, seedLarge } from './lib/seed-large'
import type { Settings } from './lib/settings'
import { percentile, sortNumbers } from './lib/stats'
import { formatFixed, formatInteger, formatTable } from './lib/table'

// Ten times the data: one seed scaled by its files (BENCH_SCALE_SIZES, default 10k, 100k and 1M;
// seed-large.ts has the rest of the data in proportion), on SQLite and, when BENCH_DATABASE_URL names a
// scratch database, on PostgreSQL, through the whole Depot app over HTTP with personal access tokens.
// At each size: cold start; a folder page (the largest folder's first page, a deep small folder's) one
// request at a time; name search as the customer and as an admin; the staff tables' first and last
// page (users, orders, quote requests); the quote requests' CSV export with the server's VmRSS sampled;
// trash and restore of the Projects subtree with /healthz asked one at a time throughout. Each figure
// is printed beside the goal and the load average, so growth with size is visible.

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isFinite(n) && n >= 1000)

// BENCH_SCALE_ON=postgresql (or sqlite): only that database, for a long run of one of them.
const ONLY = (process.env.BENCH_SCALE_ON ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean)

// BENCH_SCALE_ROWS=search (or a comma list of cold-start, listing, search, staff, export, trash): only
// those rows at each size (the seed is made all the same), for a quick look at one of them.
const ROW_GROUPS = ['cold-start', 'listing', 'search', 'staff', 'export', 'trash'] as const
type RowGroup = (typeof ROW_GROUPS)[number]
const ROWS_ASKED = (process.env.BENCH_SCALE_ROWS ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean)
const measures = (group: RowGroup) => ROWS_ASKED.length === 0 || ROWS_ASKED.includes(group)

const GOALS = {
  listingP99: 10,
  searchP95: 50,
  exportRowsPerSecond: 50_000,
  trashMs: 10_000,
  healthzMs: 50,
  staffPageMs: 50,
  coldStartMs: 2000,
}

interface Figure {
  row: string
  size: number
  database: string
  figure: string
  goal: string
  met: boolean | undefined
  load: string
}

const load = () => os.loadavg()[0]!.toFixed(1)

/** Sequential GETs of `url` for `seconds` (at least `min`): sorted times in ms. */
async function sample(url: string, headers: Record<string, string>, seconds: number, min = 20) {
  const times: number[] = []
  const until = performance.now() + seconds * 1000
  while (times.length < min || performance.now() < until)
    times.push((await timedRequest(url, { headers })).ms)
  return sortNumbers(times)
}

/** `/healthz` one at a time until `work` settles: its answer and the probes' times. */
async function probedWhile<T>(base: string, work: Promise<T>) {
  let done = false
  const settled = work.finally(() => {
    done = true
  })
  const times: number[] = []
  while (!done) times.push((await timedRequest(`${base}/healthz`, {})).ms)
  return { result: await settled, healthz: sortNumbers(times) }
}

export const scale = {
  name: 'scale',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## scale: ten times the data, at ${SIZES.map((s) => formatInteger(s)).join(', ')} files (load ${load()} before)`,
    )
    const figures: Figure[] = []
    // The baseline of the cold start: the built server on a new data folder (it migrates it first).
    const unknown = ROWS_ASKED.filter((r) => !(ROW_GROUPS as readonly string[]).includes(r))
    if (unknown.length > 0)
      throw new Error(`BENCH_SCALE_ROWS: no rows called ${unknown.join(', ')} (${ROW_GROUPS.join(', ')})`)
    const emptyStart = measures('cold-start') ? await emptyStartMs() : 0
    for (const on of benchDatabases().filter(
      (d) => ONLY.length === 0 || ONLY.includes(d.label.toLowerCase()),
    ))
      for (const size of SIZES) {
        const rows = await measure(on, size, settings, emptyStart)
        figures.push(...rows)
        console.log()
        console.log(`### ${on.label}, ${formatInteger(size)} files`)
        console.log(table(rows))
      }
    if (!postgresBenchUrl()) console.log(`\n${POSTGRES_NOT_MEASURED}`)
    console.log('\n### every figure, by row')
    console.log(
      table(
        [...figures].sort(
          (a, b) => a.row.localeCompare(b.row) || a.database.localeCompare(b.database) || a.size - b.size,
        ),
      ),
    )
    return { ok: true }
  },
}

/** The cold start of the built server on a new, empty data folder. */
async function emptyStartMs(): Promise<number> {
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-scale-empty-'))
  return builtStartMs(emptyDir, undefined).finally(() =>
    fs.rmSync(emptyDir, { recursive: true, force: true }),
  )
}

function table(rows: Figure[]): string {
  return formatTable(
    ['row', 'size', 'database', 'figure', 'goal', 'met', 'load'],
    rows.map((f) => [
      f.row,
      formatInteger(f.size),
      f.database,
      f.figure,
      f.goal,
      f.met === undefined ? '' : f.met ? 'met' : 'MISSED',
      f.load,
    ]),
  )
}

async function measure(
  on: BenchDatabase,
  size: number,
  settings: Settings,
  emptyStart: number,
): Promise<Figure[]> {
  const figures: Figure[] = []
  const add = (row: string, figure: string, goal: string, met: boolean | undefined) => {
    figures.push({ row, size, database: on.label, figure, goal, met, load: load() })
    console.log(
      `   ${on.label} ${formatInteger(size)}: ${row}: ${figure} (${goal}${met === undefined ? '' : met ? ', met' : ', MISSED'}) load ${load()}`,
    )
  }
  const fixture = await prepareFixture(on)
  try {
    const config = fixture.deps.env.database
    const seed = await seedLarge(on, config.dialect === 'sqlite' ? config.file : '', size)
    const parts = Object.entries(seed.seconds).filter(([k]) => k !== 'total')
    console.log(
      `   seeded ${formatInteger(seed.sizes.files)} files in ${formatInteger(seed.folders)} folders (${formatInteger(seed.grants)} grants), ${formatInteger(seed.sizes.users)} users, ${formatInteger(seed.sizes.quotes)} quotes, ${formatInteger(seed.sizes.contacts)} contacts, ${formatInteger(seed.sizes.ebooks)} e-book addresses, ${formatInteger(seed.sizes.orders)} orders, ${formatInteger(seed.sizes.products)} products: ${parts.map(([k, v]) => `${k} ${formatFixed(v, 1)} s`).join(', ')}`,
    )
    add('seed', `${formatFixed(seed.seconds.total!, 1)} s`, 'minutes, not hours', seed.seconds.total! < 1800)
    const customer = { Authorization: await fixture.bearer(seed.customerId) }
    const admin = { Authorization: await fixture.bearer(seed.adminId) }

    if (measures('cold-start')) {
      const cold = await builtStartMs(fixture.dataDir, on)
      add(
        'cold start, node dist/server/main.js to first /healthz',
        `${formatFixed(cold, 0)} ms (new empty SQLite folder: ${formatFixed(emptyStart, 0)} ms)`,
        `< ${GOALS.coldStartMs} ms`,
        cold < GOALS.coldStartMs,
      )
    }
    const depot = await fixture.serve(settings)
    try {
      const base = `http://127.0.0.1:${depot.port}`
      if (measures('listing')) await measureListings(base, seed, customer, settings, add)
      if (measures('search')) await measureSearch(base, seed, customer, admin, settings, add)
      if (measures('staff')) await measureStaffTables(base, admin, settings, add)
      if (measures('export'))
        await measureExport(base, depot.port, seed, admin, add, GOALS.exportRowsPerSecond)
      if (measures('trash')) await measureTrash(base, seed, customer, add)
    } finally {
      await depot.stop()
    }
  } finally {
    fixture.remove()
  }
  return figures
}

async function measureListings(
  base: string,
  seed: LargeSeed,
  customer: Record<string, string>,
  settings: Settings,
  add: Add,
) {
  for (const [what, id, files] of [
    ['largest folder', seed.bigFolderId, seed.bigFolderFiles],
    ['deep small folder', seed.deepFolderId, seed.deepFolderFiles],
  ] as const) {
    const url = `${base}/api/folders/${id}/children?pageSize=100`
    await sample(url, customer, settings.warmupSeconds, 5)
    const times = await sample(url, customer, settings.seconds, 100)
    const p99 = percentile(times, 99)
    add(
      `folder page, ${what} (${formatInteger(files)} files), first 100, p99`,
      `${formatFixed(p99, 1)} ms (p50 ${formatFixed(percentile(times, 50), 1)}, n ${times.length})`,
      `< ${GOALS.listingP99} ms`,
      p99 < GOALS.listingP99,
    )
  }
}

async function measureSearch(
  base: string,
  seed: LargeSeed,
  customer: Record<string, string>,
  admin: Record<string, string>,
  settings: Settings,
  add: Add,
) {
  for (const [who, headers] of [
    ['customer', customer],
    ['admin', admin],
  ] as const)
    for (const [what, term] of [
      ['many names', seed.commonTerm],
      ['a few names', seed.rareTerm],
    ] as const) {
      const url = `${base}/api/items/search?q=${encodeURIComponent(term)}`
      await sample(url, headers, settings.warmupSeconds, 3)
      const times = await sample(url, headers, settings.seconds)
      const p95 = percentile(times, 95)
      add(
        `name search as ${who}, ${what} ("${term}"), p95`,
        `${formatFixed(p95, 1)} ms (p50 ${formatFixed(percentile(times, 50), 1)}, n ${times.length})`,
        `< ${GOALS.searchP95} ms`,
        p95 < GOALS.searchP95,
      )
    }
}

const STAFF_TABLES = [
  ['users', '/api/admin/users'],
  ['orders', '/api/staff/orders'],
  ['quote requests', '/api/inbox/quotes'],
] as const

async function measureStaffTables(base: string, admin: Record<string, string>, settings: Settings, add: Add) {
  for (const [what, path] of STAFF_TABLES) {
    const first = JSON.parse((await timedRequest(`${base}${path}?page=1`, { headers: admin })).body) as {
      total: number
      totalPages: number
    }
    for (const [which, page] of [
      ['first', 1],
      ['last', Math.max(1, first.totalPages)],
    ] as const) {
      const url = `${base}${path}?page=${page}`
      await sample(url, admin, Math.min(1, settings.warmupSeconds), 3)
      const times = await sample(url, admin, Math.min(2, settings.seconds), 10)
      const p95 = percentile(times, 95)
      add(
        `staff table ${what} (${formatInteger(first.total)} rows), ${which} page, p95`,
        `${formatFixed(p95, 1)} ms (p50 ${formatFixed(percentile(times, 50), 1)}, page ${formatInteger(page)})`,
        `< ${GOALS.staffPageMs} ms`,
        p95 < GOALS.staffPageMs,
      )
    }
  }
}

async function measureTrash(base: string, seed: LargeSeed, customer: Record<string, string>, add: Add) {
  await warmTrash(base, seed, customer)
  const files = formatInteger(seed.subtreeFiles)
  const trashed = await probedWhile(
    base,
    timedRequest(`${base}/api/folders/${seed.subtreeId}`, { method: 'DELETE', headers: customer }),
  )
  add(
    `trash a ${files}-file subtree (40 folders)`,
    `${formatFixed(trashed.result.ms, 0)} ms`,
    `< ${GOALS.trashMs} ms`,
    trashed.result.ms < GOALS.trashMs,
  )
  const trashMax = trashed.healthz.at(-1) ?? 0
  add(
    '/healthz during the trash, max',
    `${formatFixed(trashMax, 1)} ms (p99 ${formatFixed(percentile(trashed.healthz, 99), 1)}, n ${trashed.healthz.length})`,
    `< ${GOALS.healthzMs} ms`,
    trashMax < GOALS.healthzMs,
  )
  const page = await timedRequest(`${base}/api/trash`, { headers: customer })
  const entry = trashEntryOf(page.body, seed.subtreeId)
  const restored = await probedWhile(
    base,
    timedRequest(`${base}/api/trash/${entry}/restore`, {
      method: 'POST',
      headers: { ...customer, 'Content-Type': 'application/json' },
      body: '{}',
    }),
  )
  add(
    `restore the ${files}-file subtree`,
    `${formatFixed(restored.result.ms, 0)} ms`,
    `< ${GOALS.trashMs} ms`,
    restored.result.ms < GOALS.trashMs,
  )
  const restoreMax = restored.healthz.at(-1) ?? 0
  add(
    '/healthz during the restore, max',
    `${formatFixed(restoreMax, 1)} ms (p99 ${formatFixed(percentile(restored.healthz, 99), 1)}, n ${restored.healthz.length})`,
    `< ${GOALS.healthzMs} ms`,
    restoreMax < GOALS.healthzMs,
  )
}

/**
 * Trashes and restores one file of the subtree, unmeasured: the first trash and restore a server
 * answers compile their code on the event loop (100–400 ms on a loaded machine), which is the
 * server's start, not the trash's.
 */
async function warmTrash(base: string, seed: LargeSeed, customer: Record<string, string>) {
  const page = await timedRequest(`${base}/api/folders/${seed.subtreeId}/children?pageSize=100`, {
    headers: customer,
  })
  const fileId = (JSON.parse(page.body) as { files: { id: string }[] }).files[0]?.id
  if (!fileId) return
  await timedRequest(`${base}/api/files/${fileId}`, { method: 'DELETE', headers: customer })
  const trash = await timedRequest(`${base}/api/trash`, { headers: customer })
  await timedRequest(`${base}/api/trash/${trashEntryOf(trash.body, fileId)}/restore`, {
    method: 'POST',
    headers: { ...customer, 'Content-Type': 'application/json' },
    body: '{}',
  })
}

/** The id of the trash entry of `itemId` on a page of the trash. */
function trashEntryOf(body: string, itemId: string): string {
  const found = body.match(
    new RegExp(
      `\\{[^{}]*"id":"([^"]+)"[^{}]*"item_id":"${itemId}"|\\{[^{}]*"item_id":"${itemId}"[^{}]*"id":"([^"]+)"`,
    ),
  )
  const id = found?.[1] ?? found?.[2]
  if (!id) throw new Error(`no trash entry for ${itemId} on the trash's first page`)
  return id
}
