import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { loadFolderChain } from './folder-access.repository'
import { grant, grantsOnFolders } from './folder-grants.repository'

/**
 * Locking a folder (or making a locked one) must not shut out the administrators of the folders above
 * it (decision 0047): everyone whose nearest grant reaching it from `parentId` upwards (down from the
 * nearest locked folder) is administrator gets a grant of administrator on it. Whoever already holds a
 * grant on the folder itself keeps that one: the nearest grant wins there already.
 */
export async function keepAdministratorsAbove(
  trx: Transaction<DB>,
  folderId: string,
  parentId: string,
  now: Date,
): Promise<void> {
  const reach: string[] = []
  for (const f of await loadFolderChain(trx, parentId)) {
    reach.push(f.id)
    if (f.type === 'locked') break
  }
  const grants = await grantsOnFolders(trx, [folderId, ...reach])
  const onFolder = new Set(grants.filter((g) => g.folder_id === folderId).map((g) => g.user_id))
  const nearest = new Map<string, { depth: number; level: string }>()
  for (const g of grants) {
    const depth = reach.indexOf(g.folder_id)
    if (depth === -1) continue
    const held = nearest.get(g.user_id)
    if (!held || depth < held.depth) nearest.set(g.user_id, { depth, level: g.permissionType })
  }
  for (const [userId, { level }] of nearest) {
    if (level === 'administrator' && !onFolder.has(userId))
      await grant(trx, folderId, userId, 'administrator', now)
  }
}
