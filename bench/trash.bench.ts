import { sql } from 'kysely'
import { newId } from '../src/server/lib/ids'
import { prepareFixture, timedRequest } from './lib/app-fixture'
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

// Trash and restore of a folder holding BENCH_TRASH_SUBTREE files (default 10,000) through the whole
// Depot app as an admin, with BENCH_TRASH_OTHERS other entries (default 100,000) already in the
// trash; and the trash's first page. One request each, timed until the last response byte. On SQLite
// always, on PostgreSQL too when BENCH_DATABASE_URL names a scratch database. Goal: < 2 s each; the
// goal is absolute (no raw baseline: the SQLite figure is printed beside PostgreSQL's).

const SUBTREE = Number(process.env.BENCH_TRASH_SUBTREE ?? 10_000)
const OTHERS = Number(process.env.BENCH_TRASH_OTHERS ?? 100_000)
const GOAL_MS = 2000
const CHUNK = 500

export const trash = {
  name: 'trash',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## trash: trash and restore a ${formatInteger(SUBTREE)}-file folder with ${formatInteger(OTHERS)} other entries in the trash`,
    )
    const rows: GoalRow[] = []
    for (const on of benchDatabases()) rows.push(...(await trashOn(on, settings)))
    printGoalRows(rows)
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok: rows.length > 0 }
  },
}

async function trashOn(on: BenchDatabase, settings: Settings): Promise<GoalRow[]> {
  const fixture = await prepareFixture(on)
  try {
    const { db } = fixture.database
    const subtree = { userId: newId(), folderId: newId() }
    await seedFolderFiles(db, subtree, SUBTREE)
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', subtree.userId).execute()
    // The others: files trashed one by one from another folder, each its own trash entry.
    const others = { userId: newId(), folderId: newId() }
    await seedFolderFiles(db, others, OTHERS)
    const deletedAt = new Date().toISOString()
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('files')
        .set({ isTrashed: true })
        .where('folder_id', '=', others.folderId)
        .execute()
      const files = await trx
        .selectFrom('files')
        .select(['id', 'filename'])
        .where('folder_id', '=', others.folderId)
        .execute()
      for (let i = 0; i < files.length; i += CHUNK)
        await trx
          .insertInto('trash_items')
          .values(
            files.slice(i, i + CHUNK).map((f) => ({
              id: newId(),
              item_type: 'file' as const,
              item_id: f.id,
              filename: f.filename,
              folder_id: others.folderId,
              folder_name: 'Listing',
              deleted_singly: true,
              deletedAt,
              trashedBy: others.userId,
            })),
          )
          .execute()
    })
    // A live PostgreSQL has its tables' statistics from autovacuum; rows bulk-loaded a second ago have none.
    if (on.url) await sql`analyze`.execute(db)
    const bearer = await fixture.bearer(subtree.userId)
    const depot = await fixture.serve(settings)
    try {
      const base = `http://127.0.0.1:${depot.port}`
      const headers = { Authorization: bearer }
      const trashed = await timedRequest(`${base}/api/folders/${subtree.folderId}`, {
        method: 'DELETE',
        headers,
      })
      const page = await timedRequest(`${base}/api/trash`, { headers })
      const entry = findEntry(JSON.parse(page.body), subtree.folderId)
      const restored = await timedRequest(`${base}/api/trash/${entry}/restore`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: '{}',
      })
      const row = (what: string, ms: number): GoalRow => ({
        database: on.label,
        what: `${what} ms`,
        figure: formatFixed(ms, 0),
        baseline: '',
        ratio: '',
        goal: `< ${GOAL_MS} ms`,
        met: ms < GOAL_MS,
        load: loadAverage(),
      })
      return [
        row(`DELETE /api/folders/:id (${formatInteger(SUBTREE)} files)`, trashed.ms),
        row('GET /api/trash (first page)', page.ms),
        row('POST /api/trash/:id/restore', restored.ms),
      ]
    } finally {
      await depot.stop()
    }
  } finally {
    fixture.remove()
  }
}

/** The trash entry of `itemId` in a page of the trash, wherever the page keeps its entries. */
export function findEntry(page: unknown, itemId: string): string {
  const found = JSON.stringify(page).match(
    new RegExp(
      `\\{[^{}]*"id":"([^"]+)"[^{}]*"item_id":"${itemId}"|\\{[^{}]*"item_id":"${itemId}"[^{}]*"id":"([^"]+)"`,
    ),
  )
  const id = found?.[1] ?? found?.[2]
  if (!id) throw new Error(`no trash entry for ${itemId} on the trash's first page`)
  return id
}
