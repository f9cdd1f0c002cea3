import { sql } from 'kysely'
import { newId } from '../src/server/lib/ids'
import { countLineFeeds, prepareFixture, timedRequest } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { type GoalRow, loadAverage, printGoalRows } from './lib/goal-rows'
import { seedFolderFiles, seedUsers } from './lib/seed'
import type { Settings } from './lib/settings'
import { percentile, sortNumbers } from './lib/stats'
import { formatFixed, formatInteger, formatTable } from './lib/table'
import { findEntry } from './trash.bench'

// The server must never freeze: while one long operation runs over BENCH_NOFREEZE_ROWS rows (default
// 100,000), /healthz and a small API call (/api/me) keep being answered within 50 ms. Five long
// operations through the whole Depot app, one after the other, each probed on other connections:
// the users CSV export, a folder listing read page by page to its end, trashing that folder, the
// trash's first page (whose group totals add up the 100k files) and restoring the folder. Probes
// alternate /healthz and /api/me, one at a time, 5 ms apart; the baseline is the same probes on the
// idle server for as long (BENCH_SECONDS) just before. On SQLite always, on PostgreSQL too when
// BENCH_DATABASE_URL names a scratch database.

const ROWS = Number(process.env.BENCH_NOFREEZE_ROWS ?? 100_000)
const GOAL_MS = 50
const PROBE_PAUSE_MS = 5

interface Probed {
  /** How long the operation itself took. */
  ms: number
  /** Latency of every probe answered while it ran. */
  probes: number[]
  /** Longest time between two probe answers (or the start and the first answer). */
  maxGap: number
}

export const noFreeze = {
  name: 'no-freeze',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## no-freeze: /healthz and /api/me while long operations run over ${formatInteger(ROWS)} rows`,
    )
    const rows: GoalRow[] = []
    for (const on of benchDatabases()) rows.push(...(await noFreezeOn(on, settings)))
    printGoalRows(rows)
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok: rows.length > 0 }
  },
}

async function noFreezeOn(on: BenchDatabase, settings: Settings): Promise<GoalRow[]> {
  const fixture = await prepareFixture(on)
  try {
    const { db } = fixture.database
    const folder = { userId: newId(), folderId: newId() }
    await seedFolderFiles(db, folder, ROWS)
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', folder.userId).execute()
    await seedUsers(db, ROWS)
    // A live PostgreSQL has its tables' statistics from autovacuum; rows bulk-loaded a second ago have none.
    if (on.url) await sql`analyze`.execute(db)
    const bearer = await fixture.bearer(folder.userId)
    const depot = await fixture.serve(settings)
    try {
      const base = `http://127.0.0.1:${depot.port}`
      const headers = { Authorization: bearer }
      const results: [string, Probed][] = []
      // A server that has just started loads its route modules and compiles its code on first use;
      // the goal is about a server at work, so the probes and the export run once unmeasured first.
      for (let i = 0; i < 20; i++) await probe(base, headers, i)
      await exportAll(base, headers)
      const idle = await probed(
        base,
        headers,
        () => new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000)),
      )
      const idleSorted = sortNumbers(idle.probes)
      const idleMax = idleSorted.at(-1) ?? Number.NaN
      results.push([
        `GET /api/admin/users/export.csv (${formatInteger(ROWS)} rows)`,
        await probed(base, headers, () => exportAll(base, headers)),
      ])
      results.push([
        `GET /api/folders/:id/children, every page (${formatInteger(ROWS)} files)`,
        await probed(base, headers, async () => {
          let seen = 0
          let cursor: string | null = null
          do {
            const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
            const page = await timedRequest(`${base}/api/folders/${folder.folderId}/children?${query}`, {
              headers,
            })
            const body = JSON.parse(page.body) as {
              folders: unknown[]
              files: unknown[]
              nextCursor: string | null
            }
            seen += body.folders.length + body.files.length
            cursor = body.nextCursor
          } while (cursor)
          if (seen < ROWS) throw new Error(`the listing held ${seen} items`)
        }),
      ])
      results.push([
        `DELETE /api/folders/:id (${formatInteger(ROWS)} files)`,
        await probed(base, headers, () =>
          timedRequest(`${base}/api/folders/${folder.folderId}`, { method: 'DELETE', headers }),
        ),
      ])
      let trashPage = ''
      results.push([
        `GET /api/trash (a group of ${formatInteger(ROWS)} files)`,
        await probed(base, headers, async () => {
          trashPage = (await timedRequest(`${base}/api/trash`, { headers })).body
        }),
      ])
      const entry = findEntry(JSON.parse(trashPage), folder.folderId)
      results.push([
        `POST /api/trash/:id/restore (${formatInteger(ROWS)} files)`,
        await probed(base, headers, () =>
          timedRequest(`${base}/api/trash/${entry}/restore`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: '{}',
          }),
        ),
      ])

      console.log(`\n${on.label}, idle probes (baseline): max ${formatFixed(idleMax, 1)} ms`)
      console.log(
        formatTable(
          [
            'during',
            'op ms',
            'answers',
            'p50 ms',
            'p99 ms',
            'max ms',
            'max gap ms',
            `goal max < ${GOAL_MS} ms`,
          ],
          results.map(([what, r]) => {
            const sorted = sortNumbers(r.probes)
            const worst = sorted.at(-1) ?? Number.NaN
            return [
              what,
              formatFixed(r.ms, 0),
              String(sorted.length),
              formatFixed(percentile(sorted, 50), 1),
              formatFixed(percentile(sorted, 99), 1),
              formatFixed(worst, 1),
              formatFixed(r.maxGap, 0),
              worst < GOAL_MS ? 'met' : 'MISSED',
            ]
          }),
        ),
      )
      return results.map(([what, r]) => {
        const sorted = sortNumbers(r.probes)
        const worst = sorted.at(-1) ?? Number.NaN
        return {
          database: on.label,
          what: `probe max ms during ${what} (op ${formatFixed(r.ms, 0)} ms, p99 ${formatFixed(percentile(sorted, 99), 1)})`,
          figure: formatFixed(worst, 1),
          baseline: formatFixed(idleMax, 1),
          ratio: `${formatFixed(worst / idleMax, 1)}×`,
          goal: `< ${GOAL_MS} ms`,
          met: worst < GOAL_MS,
          load: loadAverage(),
        }
      })
    } finally {
      await depot.stop()
    }
  } finally {
    fixture.remove()
  }
}

/** The users CSV to its end; it must hold every row. */
async function exportAll(base: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(`${base}/api/admin/users/export.csv`, { headers })
  if (res.status !== 200) throw new Error(`the export answered ${res.status}`)
  const rows = (await countLineFeeds(res)) - 1 // the header
  if (rows < ROWS) throw new Error(`the export held ${rows} rows`)
}

/** One probe, /healthz and /api/me in turn; its latency in ms. */
async function probe(base: string, headers: Record<string, string>, i: number): Promise<number> {
  const path = i % 2 === 0 ? '/healthz' : '/api/me'
  return (await timedRequest(base + path, { headers: path === '/api/me' ? headers : {} })).ms
}

/** Runs `operation` while probing /healthz and /api/me one at a time on other connections. */
async function probed(
  base: string,
  headers: Record<string, string>,
  operation: () => Promise<unknown>,
): Promise<Probed> {
  let done = false
  const probes: number[] = []
  let maxGap = 0
  const started = performance.now()
  let lastAnswer = started
  const probing = (async () => {
    for (let i = 0; !done; i++) {
      const ms = await probe(base, headers, i)
      const now = performance.now()
      // Every probe was sent while the operation ran, so its wait counts even when its answer comes
      // after the operation's: a freeze at the very end (the commit) holds up the last probe.
      probes.push(ms)
      maxGap = Math.max(maxGap, now - lastAnswer)
      lastAnswer = now
      if (done) break
      await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS))
    }
  })()
  try {
    await operation()
  } finally {
    done = true
    await probing
  }
  return { ms: performance.now() - started, probes, maxGap }
}
