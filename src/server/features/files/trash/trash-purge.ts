import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { deleteGroup, TrashEntryGone } from './trash.repository'
import { oldestEntries, type TrashRow } from './trash-entries.repository'
import { DAY_MS } from './trash-entry-access'

// Trash entries going for good in batches, each group in its own transaction: emptying the whole
// trash, and the retention job.

/** Deletes entries older than `before` (all when null), each group in its own transaction. */
export async function purgeEntries(
  deps: Pick<AppDeps, 'database'>,
  now: Date,
  before: Date | null,
  signal?: AbortSignal,
): Promise<number> {
  const db = deps.database.db
  let deleted = 0
  for (;;) {
    const batch = await oldestEntries(db, before, 50)
    if (batch.length === 0 || signal?.aborted) return deleted
    for (const entry of batch) if (await deleteEntryGroup(db, entry, now)) deleted++
  }
}

/**
 * One entry's group for good in its own transaction, its blobs queued for deletion. False when the
 * entry was gone already (restored or deleted meanwhile): nothing changed.
 */
export async function deleteEntryGroup(db: Db, entry: TrashRow, now: Date): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await enqueueBlobDeletions(trx, await deleteGroup(trx, entry), now)
    })
    return true
  } catch (error) {
    if (error instanceof TrashEntryGone) return false
    throw error
  }
}

/** The retention job: entries trashed longer ago than the retention go for good. */
export function purgeExpiredTrash(
  deps: Pick<AppDeps, 'database'>,
  now: Date,
  retentionDays: number,
  signal?: AbortSignal,
) {
  return purgeEntries(deps, now, new Date(now.getTime() - retentionDays * DAY_MS), signal)
}
