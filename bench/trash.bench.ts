import { newId } from '../src/server/lib/ids'
import { prepareFixture, timedRequest } from './lib/app-fixture'
import { seedFolderFiles } from './lib/seed'
import type { Settings } from './lib/settings'
import { formatFixed, formatInteger, formatTable } from './lib/table'

// Trash and restore of a folder holding BENCH_TRASH_SUBTREE files (default 10,000) through the whole
// Depot app as an admin, with BENCH_TRASH_OTHERS other entries (default 100,000) already in the
// trash; and the trash's first page. One request each, timed until the last response byte.
// Goal: < 2 s each.

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
    const fixture = await prepareFixture()
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
        const row = (what: string, ms: number) => [what, formatFixed(ms, 0), ms < GOAL_MS ? 'met' : 'MISSED']
        console.log()
        console.log(
          formatTable(
            ['request', 'ms', `goal < ${GOAL_MS} ms`],
            [
              row(`DELETE /api/folders/:id (${formatInteger(SUBTREE)} files)`, trashed.ms),
              row('GET /api/trash (first page)', page.ms),
              row('POST /api/trash/:id/restore', restored.ms),
            ],
          ),
        )
        return { ok: true }
      } finally {
        await depot.stop()
      }
    } finally {
      fixture.remove()
    }
  },
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
