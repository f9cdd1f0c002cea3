import type { Db } from '../../../db/db'
import type { Caller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { locksHeldByOthers } from '../dav/dav-store.repository'
import { loadFolderChain } from './folder-access.repository'

// A WebDAV lock (docs/decisions/0091) protects its item from the web app and the API too: while
// someone else's lock covers an item, trashing, moving or replacing it answers 423, as it would
// through /dav/ without the lock's token. The lock's holder is not stopped (their client holds the
// lock for them); neither is anyone once the lock expires or is released.

type Target = { type: 'file'; id: string; folderId: string } | { type: 'folder'; id: string }

/**
 * 423 when a WebDAV lock held by another user covers `target`: a lock on it, a deep lock on a folder
 * above it, or (for a folder) a lock on anything inside it.
 */
export async function assertNoForeignDavLock(
  db: Db,
  actor: Caller,
  target: Target,
  now: Date,
): Promise<void> {
  if (actor.kind !== 'user') return
  const locks = await locksHeldByOthers(db, actor.id, now)
  if (locks.length === 0) return
  const above = await loadFolderChain(db, target.type === 'file' ? target.folderId : target.id)
  const aboveIds = new Set(above.map((f) => f.id).filter((id) => id !== target.id))
  for (const lock of locks) {
    const covers =
      lock.item_id === target.id ||
      (lock.depth === 'infinity' && lock.item_type === 'folder' && aboveIds.has(lock.item_id!)) ||
      (target.type === 'folder' && (await holdsInside(db, target.id, lock)))
    if (covers) throw lockedBy(lock.expires_at)
  }
}

/** Whether a lock's item lies inside the folder. */
async function holdsInside(
  db: Db,
  folderId: string,
  lock: { item_type: string | null; item_id: string | null; file_folder_id: string | null },
): Promise<boolean> {
  const start = lock.item_type === 'file' ? lock.file_folder_id : lock.item_id
  if (!start) return false
  return (await loadFolderChain(db, start)).some((f) => f.id === folderId)
}

function lockedBy(expiresAt: string): HttpProblem {
  return new HttpProblem(
    423,
    'locked',
    `Someone is editing this through a WebDAV drive (Finder, Windows or another client) and has locked it until ${new Date(expiresAt).toUTCString()}. Try again once they are done.`,
  )
}
