import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { AppDeps } from '../../../deps'
import { cleanAbandonedWrites } from '../../../lib/storage'
import { expiredUploadSessions } from './upload-sessions.repository'
import { claimWriter, removeStaging } from './upload-staging'

/** The folder where each instance kept its own unfinished uploads before they were staged in the store. */
const LEGACY_STAGING_DIR = 'uploads'
/** A legacy staging file this old belongs to no upload that could still go on. */
const LEGACY_GRACE_MS = 60 * 60 * 1000

/**
 * The periodic sweep of unfinished uploads: sessions past their expiry (the client never came back)
 * with their staged bytes, what older versions left in DATA_DIR/uploads, and the BlobStore's own
 * abandoned writes (a crash mid-write). Idempotent; one instance per run (job lease), though any may.
 */
export async function purgeAbandonedUploads(
  deps: Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>,
): Promise<{ sessions: number; orphans: number; blobs: number }> {
  const db = deps.database.db
  const now = deps.clock()
  const expired = await expiredUploadSessions(db, now)
  let sessions = 0
  for (const session of expired) {
    // A request still appending holds the lease: its upload is swept at a later run.
    if (!(await claimWriter(db, session.id, now))) continue
    if (await removeStaging(deps, session, now, { expiredBy: now })) sessions++
  }
  const orphans = await removeLegacyStaging(deps.env.dataDir, now)
  const { removed } = await cleanAbandonedWrites(deps.storage, { now })
  return { sessions, orphans, blobs: removed }
}

async function removeLegacyStaging(dataDir: string, now: Date): Promise<number> {
  const dir = path.join(dataDir, LEGACY_STAGING_DIR)
  let removed = 0
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue
    const info = await stat(path.join(dir, name)).catch(() => undefined)
    if (info && now.getTime() - info.mtime.getTime() > LEGACY_GRACE_MS) {
      await rm(path.join(dir, name), { force: true })
      removed++
    }
  }
  return removed
}
