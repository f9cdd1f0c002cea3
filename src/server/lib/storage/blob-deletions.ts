import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  dueBlobDeletions,
  enqueueBlobDeletions,
  postponeBlobDeletion,
  removeBlobDeletion,
} from './blob-deletions.repository'
import { referencedBlobKeys } from './blob-references.repository'
import type { BlobStore } from './blob-store'
import { removeThumbnail } from './thumbnails'

// Blobs are removed from storage after their rows are gone, by a retried background step
// (docs/decisions/0027, 0041): the row delete and enqueueBlobDeletions() (blob-deletions.repository)
// commit together, and drainBlobDeletions() (a job) deletes what is due. A failure waits longer each
// time; deleting a missing blob succeeds. The blob's cached thumbnail (DATA_DIR/thumbnails, keyed by
// blob key) goes with it. A blob that any row still names (BLOB_REFERENCES: files, file and deliverable
// versions, product covers, uploads under way) is kept.

const BATCH = 100

/**
 * A blob just written for a row whose transaction failed. Refused (`refused`: the transaction threw
 * before it committed, so no row names the blob): deleted at once, or through the deletion queue when
 * the store fails now. Any other failure may have come after the commit took (a connection lost
 * during it): the blob goes through the queue, whose drain keeps a blob a row names; with the
 * database gone too, it stays for fsck.
 */
export async function discardBlobOfFailedWrite(
  db: Kysely<DB>,
  storage: Pick<BlobStore, 'delete'>,
  key: string,
  now: Date,
  refused: boolean,
): Promise<void> {
  try {
    if (refused) await storage.delete(key)
    else await enqueueBlobDeletions(db, [key], now)
  } catch {
    if (refused) await enqueueBlobDeletions(db, [key], now).catch(() => {})
  }
}
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000

/**
 * Deletes the due blobs (and, given `dataDir`, their cached thumbnails); returns how many were removed
 * and how many failed (and wait to retry).
 */
export async function drainBlobDeletions(
  db: Kysely<DB>,
  storage: BlobStore,
  now: Date,
  options: { signal?: AbortSignal; dataDir?: string } = {},
): Promise<{ deleted: number; failed: number }> {
  const { signal, dataDir } = options
  let deleted = 0
  let failed = 0
  const due = await dueBlobDeletions(db, now, BATCH)
  // Named again since it was queued (an order line that took the file, a copy that shares nothing but
  // a bug could): the blob stays, and its queue entry goes.
  const inUse = await referencedBlobKeys(
    db,
    due.map((row) => row.key),
  )
  for (const row of due) {
    if (signal?.aborted) break
    try {
      if (!inUse.has(row.key)) {
        await storage.delete(row.key)
        if (dataDir) await removeThumbnail(dataDir, row.key)
      }
      await removeBlobDeletion(db, row.key)
      deleted++
    } catch (error) {
      failed++
      const attempts = row.attempts + 1
      const wait = Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.min(attempts, 10))
      await postponeBlobDeletion(db, row.key, {
        attempts,
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + wait),
      })
    }
  }
  return { deleted, failed }
}
