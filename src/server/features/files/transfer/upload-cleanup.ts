import { stat } from 'node:fs/promises'
import type { AppDeps } from '../../../deps'
import { cleanAbandonedWrites } from '../../../lib/storage'
import {
  deleteUploadSession,
  existingUploadSessionIds,
  expiredUploadSessionIds,
} from './upload-sessions.repository'
import { listStagingIds, removeStaging, stagingPath } from './upload-staging'

/** A staging file without a session row younger than this may be an upload being created right now. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000

/**
 * The periodic sweep of unfinished uploads: sessions past their expiry (the client never came back)
 * with their staging files, staging files no session owns (a crash between the two writes), and the
 * BlobStore's own abandoned writes (a crash mid-completion). Idempotent; safe on every instance.
 */
export async function purgeAbandonedUploads(
  deps: Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>,
): Promise<{ sessions: number; orphans: number; blobs: number }> {
  const db = deps.database.db
  const now = deps.clock()
  const expired = await expiredUploadSessionIds(db, now)
  for (const id of expired) {
    await deleteUploadSession(db, id)
    await removeStaging(deps.env.dataDir, id)
  }

  let orphans = 0
  const onDisk = await listStagingIds(deps.env.dataDir)
  if (onDisk.length > 0) {
    const live = await existingUploadSessionIds(db, onDisk)
    for (const id of onDisk) {
      if (live.has(id)) continue
      const info = await stat(stagingPath(deps.env.dataDir, id)).catch(() => undefined)
      if (info && now.getTime() - info.mtime.getTime() > ORPHAN_GRACE_MS) {
        await removeStaging(deps.env.dataDir, id)
        orphans++
      }
    }
  }
  const { removed } = await cleanAbandonedWrites(deps.storage, { now })
  return { sessions: expired.length, orphans, blobs: removed }
}
