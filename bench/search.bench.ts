import { newId } from '../src/server/lib/ids'
import { prepareFixture, repeat } from './lib/app-fixture'
import { seedFolderFiles } from './lib/seed'
import type { Settings } from './lib/settings'
import { formatFixed, formatInteger, formatTable } from './lib/table'

// Name search over BENCH_SEARCH_FILES files (default 100,000) in ten locked folders of as many
// files each, through the whole Depot app: as a customer holding grants on three of the folders, and
// as an admin who sees them all; a term matching many names (a full page) and one matching a few.
// Sequential requests, one at a time, for BENCH_SECONDS each. Goal: p95 < 50 ms.

const FILES = Number(process.env.BENCH_SEARCH_FILES ?? 100_000)
const FOLDERS = 10
const GOAL_P95_MS = 50

export const search = {
  name: 'search',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## search: GET /api/items/search over ${formatInteger(FILES)} files, one request at a time`,
    )
    const fixture = await prepareFixture()
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
      const userBearer = await fixture.bearer(user)
      const adminBearer = await fixture.bearer(admin)
      const depot = await fixture.serve(settings)
      try {
        const base = `http://127.0.0.1:${depot.port}/api/items/search?q=`
        const rows: string[][] = []
        let ok = true
        for (const [who, bearer] of [
          ['customer, 3 grants', userBearer],
          ['admin', adminBearer],
        ] as const)
          for (const [what, q] of [
            ['many names ("file-0")', 'file-0'],
            ['a few names ("01234")', '01234'],
          ] as const) {
            const headers = { Authorization: bearer }
            await repeat(`${base}${q}`, headers, settings.warmupSeconds, 3)
            const r = await repeat(`${base}${q}`, headers, settings.seconds)
            ok = ok && r.count > 0
            rows.push([
              who,
              what,
              String(r.count),
              formatFixed(r.p50, 1),
              formatFixed(r.p95, 1),
              r.p95 < GOAL_P95_MS ? 'met' : 'MISSED',
            ])
          }
        console.log()
        console.log(
          formatTable(['as', 'query', 'requests', 'p50 ms', 'p95 ms', `goal p95 < ${GOAL_P95_MS} ms`], rows),
        )
        return { ok }
      } finally {
        await depot.stop()
      }
    } finally {
      fixture.remove()
    }
  },
}
