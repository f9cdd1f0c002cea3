import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { AppDeps } from '../../deps'
import type { Job } from '../../lib/jobs/job-runner'
import { enqueueBlobDeletions, queuedBlobKeys } from '../../lib/storage/blob-deletions.repository'
import { isBlobKey } from '../../lib/storage/blob-key'
import {
  type BlobReference,
  isBlobReferenced,
  loadBlobReferences,
  referencedBlobKeys,
} from '../../lib/storage/blob-references.repository'
import { removeThumbnail } from '../../lib/storage/thumbnails'

// The integrity check of the database against blob storage (docs/decisions/0008, 0067). The two are
// written separately (a blob before the row naming it; a row's delete before its blob's), so they can
// drift: a crash between the two leaves a blob no row names, a restore from mismatched backups leaves
// rows whose blob is missing. Orphans are deleted through the blob deletion queue, and only once older
// than the grace period: an upload in flight has written its blob but not yet its row.

const HOUR_MS = 60 * 60 * 1000
const THUMBNAIL_NAME = /^([0-9a-f-]{36})-\d+\.webp$/i

export interface OrphanBlob {
  key: string
  size: number
  modifiedAt: Date
}

export interface FsckReport {
  /** Committed blobs in storage. */
  blobs: number
  /** Distinct blob keys the rows name. */
  referenced: number
  /** Blobs no row names, older than the grace period. */
  orphans: OrphanBlob[]
  /** Blobs no row names yet younger than the grace period: perhaps an upload finishing; left alone. */
  youngOrphans: number
  /** Orphans already waiting in the blob deletion queue. */
  alreadyQueued: number
  /** Rows whose blob is not in storage. Reported only: the operator decides (restore or delete). */
  missing: BlobReference[]
  /** Cached thumbnails whose blob is gone. */
  staleThumbnails: number
  /** With repair: orphans put in the blob deletion queue and stale thumbnails removed. */
  queued: number
  thumbnailsRemoved: number
}

export interface FsckOptions {
  /** Queue old orphans for deletion and remove stale thumbnails; otherwise only report. */
  repair: boolean
  graceHours: number
  signal?: AbortSignal
}

export async function checkBlobIntegrity(
  deps: Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>,
  options: FsckOptions,
): Promise<FsckReport> {
  const db = deps.database.db
  const now = deps.clock()
  const cutoff = now.getTime() - options.graceHours * HOUR_MS
  // Rows first, then storage: a blob is written before the row naming it, so every row read here has
  // its blob in storage by the time the listing starts (unless it is truly missing).
  const references = await loadBlobReferences(db)
  const queuedKeys = new Set(await queuedBlobKeys(db))

  const report: FsckReport = {
    blobs: 0,
    referenced: references.size,
    orphans: [],
    youngOrphans: 0,
    alreadyQueued: 0,
    missing: [],
    staleThumbnails: 0,
    queued: 0,
    thumbnailsRemoved: 0,
  }
  const inStorage = new Set<string>()
  for await (const blob of deps.storage.list()) {
    options.signal?.throwIfAborted()
    report.blobs++
    inStorage.add(blob.key)
    if (references.has(blob.key)) continue
    if (queuedKeys.has(blob.key)) report.alreadyQueued++
    else if (blob.modifiedAt.getTime() < cutoff)
      report.orphans.push({ key: blob.key, size: blob.size, modifiedAt: blob.modifiedAt })
    else report.youngOrphans++
  }

  report.missing = await confirmMissing(deps, references, inStorage, options.signal)

  const thumbnailsDir = path.join(deps.env.dataDir, 'thumbnails')
  const staleThumbnails: string[] = []
  for (const name of await readdir(thumbnailsDir).catch(() => [] as string[])) {
    const key = THUMBNAIL_NAME.exec(name)?.[1]
    if (key && isBlobKey(key) && !inStorage.has(key) && !references.has(key)) staleThumbnails.push(key)
  }
  report.staleThumbnails = staleThumbnails.length

  if (options.repair) {
    const confirmed: string[] = []
    for (const orphan of report.orphans) {
      options.signal?.throwIfAborted()
      // A row may have come to name it since the first read (it never should: keys are fresh).
      if (!(await isBlobReferenced(db, orphan.key))) confirmed.push(orphan.key)
    }
    await enqueueBlobDeletions(db, confirmed, now)
    report.queued = confirmed.length
    for (const key of staleThumbnails) await removeThumbnail(deps.env.dataDir, key)
    report.thumbnailsRemoved = staleThumbnails.length
  }
  return report
}

/** Keys whose rows are checked again per statement: one query per referencing column for each batch. */
const RECHECK_BATCH = 500

/**
 * The rows whose blob the listing did not find, each confirmed: the blob is still not in storage and a
 * row still names it (the row's delete and the blob's removal may have raced past the listing). The
 * rows are looked at again a batch of keys at a time, so a restore with a million missing blobs is
 * checked in minutes rather than one query per key and column.
 */
async function confirmMissing(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  references: Map<string, BlobReference[]>,
  inStorage: Set<string>,
  signal: AbortSignal | undefined,
): Promise<BlobReference[]> {
  const missing: BlobReference[] = []
  let batch: string[] = []
  const confirm = async () => {
    const stillNamed = await referencedBlobKeys(deps.database.db, batch)
    for (const key of batch) if (stillNamed.has(key)) missing.push(...unstaged(references.get(key)!))
    batch = []
  }
  for (const [key, rows] of references) {
    if (inStorage.has(key) || unstaged(rows).length === 0) continue
    signal?.throwIfAborted()
    if (await deps.storage.exists(key)) continue
    batch.push(key)
    if (batch.length === RECHECK_BATCH) await confirm()
  }
  if (batch.length > 0) await confirm()
  return missing
}

const unstaged = (rows: BlobReference[]) => rows.filter((row) => !row.staged)

/** The counts a job run logs. */
export function summarizeFsck(report: FsckReport): Record<string, number> {
  return {
    blobs: report.blobs,
    orphans: report.orphans.length,
    youngOrphans: report.youngOrphans,
    missing: report.missing.length,
    queued: report.queued,
    thumbnailsRemoved: report.thumbnailsRemoved,
  }
}

/** Once a day: listing a whole bucket is not free, and an orphan waits out its grace period anyway. */
export const FSCK_EVERY_MS = 24 * HOUR_MS

/**
 * The periodic integrity check: queues orphans past the grace period, counts missing blobs (logged by
 * the job runner; `npm run admin -- fsck` names them). Safe on two instances at once: the queue
 * ignores a key queued twice.
 */
export function integrityCheckJob(deps: Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>): Job {
  return {
    name: 'check-blob-integrity',
    everyMs: FSCK_EVERY_MS,
    jitterMs: HOUR_MS,
    run: async (signal) =>
      summarizeFsck(
        await checkBlobIntegrity(deps, { repair: true, graceHours: deps.env.blobOrphanGraceHours, signal }),
      ),
  }
}
