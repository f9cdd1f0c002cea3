import { sql } from 'kysely'
import { newId } from '../src/server/lib/ids'
import { prepareFixture, repeat } from './lib/app-fixture'
import {
  type BenchDatabase,
  benchDatabases,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { type GoalRow, loadAverage, printGoalRows } from './lib/goal-rows'
import { seedFolderFiles } from './lib/seed'
import type { Settings } from './lib/settings'
import { formatFixed, formatInteger } from './lib/table'

// Name search over BENCH_SEARCH_FILES files (default 100,000) in ten locked folders of as many
// files each, through the whole Depot app: as a customer holding grants on three of the folders, and
// as an admin who sees them all; a term matching many names (a full page) and one matching a few.
// Sequential requests, one at a time, for BENCH_SECONDS each, beside /healthz one at a time on the
// same server (the baseline: what any request costs there). On SQLite (FTS5 trigrams) always, on
// PostgreSQL (pg_trgm) too when BENCH_DATABASE_URL names a scratch database. Goal: p95 < 50 ms.

const FILES = Number(process.env.BENCH_SEARCH_FILES ?? 100_000)
const FOLDERS = 10
const GOAL_P95_MS = 50

async function searchOn(on: BenchDatabase, settings: Settings): Promise<GoalRow[]> {
  const fixture = await prepareFixture(on)
  try {
    const { db } = fixture.database
    const owners = Array.from({ length: FOLDERS }, () => ({ userId: newId(), folderId: newId() }))
    for (const ids of owners) await seedFolderFiles(db, ids, Math.round(FILES / FOLDERS))
    // The searching customer holds grants on the first three folders (the first is their own).
    const user = owners[0]!.userId
    const now = new Date().toISOString()
    for (const { folderId } of owners.slice(1, 3))
      await db
        .insertInto('folder_permissions')
        .values({
          id: newId(),
          folder_id: folderId,
          user_id: user,
          permissionType: 'viewer',
          createdAt: now,
          updatedAt: now,
        })
        .execute()
    const admin = owners[FOLDERS - 1]!.userId
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin).execute()
    // A live PostgreSQL has its tables' statistics from autovacuum; rows bulk-loaded a second ago have none.
    if (on.url) await sql`analyze`.execute(db)
    const userBearer = await fixture.bearer(user)
    const adminBearer = await fixture.bearer(admin)
    const depot = await fixture.serve(settings)
    try {
      const origin = `http://127.0.0.1:${depot.port}`
      await repeat(`${origin}/healthz`, {}, settings.warmupSeconds, 3)
      const floor = await repeat(`${origin}/healthz`, {}, settings.seconds)
      const rows: GoalRow[] = []
      for (const [who, bearer] of [
        ['customer, 3 grants', userBearer],
        ['admin', adminBearer],
      ] as const)
        for (const [what, q] of [
          ['many names ("file-0")', 'file-0'],
          ['a few names ("01234")', '01234'],
        ] as const) {
          const url = `${origin}/api/items/search?q=${q}`
          const headers = { Authorization: bearer }
          await repeat(url, headers, settings.warmupSeconds, 3)
          const r = await repeat(url, headers, settings.seconds)
          rows.push({
            database: on.label,
            what: `search p95 ms, ${who}, ${what} (p50 ${formatFixed(r.p50, 1)}, ${r.count} requests)`,
            figure: formatFixed(r.p95, 1),
            baseline: formatFixed(floor.p95, 1),
            ratio: `${formatFixed(r.p95 / floor.p95, 1)}×`,
            goal: `< ${GOAL_P95_MS} ms`,
            met: r.p95 < GOAL_P95_MS,
            load: loadAverage(),
          })
        }
      return rows
    } finally {
      await depot.stop()
    }
  } finally {
    fixture.remove()
  }
}

export const search = {
  name: 'search',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## search: GET /api/items/search over ${formatInteger(FILES)} files, one request at a time; baseline: /healthz p95 on the same server`,
    )
    const rows: GoalRow[] = []
    for (const on of benchDatabases()) rows.push(...(await searchOn(on, settings)))
    printGoalRows(rows)
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok: rows.length > 0 }
  },
}
