import type { BlobStore } from './blob-store'

export const DEFAULT_ABANDONED_AFTER_HOURS = 24

/**
 * Removes what writes that never finished left behind (a process that crashed mid-upload): temp files
 * on disk, markers and unfinished multipart parts on S3. For a periodic job. A write counts as
 * abandoned once it has not progressed (disk) or has run (S3) for `olderThanHours`: keep that above
 * the longest upload you expect. Committed blobs are never touched.
 */
export async function cleanAbandonedWrites(
  store: BlobStore,
  options: { olderThanHours?: number; now?: Date } = {},
): Promise<{ removed: number }> {
  const hours = options.olderThanHours ?? DEFAULT_ABANDONED_AFTER_HOURS
  if (!(hours > 0)) throw new TypeError(`olderThanHours must be positive, not ${hours}`)
  const cutoff = new Date((options.now ?? new Date()).getTime() - hours * 3_600_000)
  const abandoned = await store.listAbandonedWrites(cutoff)
  for (const write of abandoned) await store.removeAbandonedWrite(write)
  return { removed: abandoned.length }
}
