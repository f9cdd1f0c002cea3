import type { Db } from '../../../db/db'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import {
  type FolderAccess,
  type FolderGrant,
  type FolderNode,
  isFolderSuperUser,
  resolveFolderAccess,
} from '../../../policies/folders.policy'
import {
  loadFolderAccess,
  loadFolderChain,
  loadFolderWithAccess,
  loadGrants,
} from './folder-access.repository'
import { type FileRow, type FolderRow, findFile } from './item-rows.repository'

// Loading an item together with the caller's access to it, with the answers product.md §2 asks for:
// what the caller cannot open does not exist for them (404, the same answer as a wrong id), and
// what they can open but not change is a 403.

/** The one answer for what does not exist and what the caller cannot open (product.md §2). */
export const NOTHING = 'There is no such folder or file, or you cannot open it.'

/** An untrashed folder the caller can open, with their access; 404 otherwise. */
export async function readableFolder(
  db: Db,
  actor: Caller,
  folderId: string,
  options: { includeTrashed?: boolean } = {},
): Promise<{ folder: FolderRow; access: FolderAccess }> {
  // The row, the chain above it and the caller's grants on it: one statement.
  const found = await loadFolderWithAccess(db, actor, folderId)
  if (!found || (found.folder.isTrashed && !options.includeTrashed) || found.access.level === null)
    throw problems.notFound(NOTHING)
  return found
}

/** An untrashed file in a folder the caller can open, with their access on that folder; 404 otherwise. */
export async function readableFile(
  db: Db,
  actor: Caller,
  fileId: string,
): Promise<{ file: FileRow; folder: FolderRow; access: FolderAccess }> {
  const file = await findFile(db, fileId)
  if (!file || file.isTrashed) throw problems.notFound(NOTHING)
  const { folder, access } = await readableFolder(db, actor, file.folder_id).catch(() => {
    throw problems.notFound(NOTHING)
  })
  return { file, folder, access }
}

/** The access on a folder that may no longer exist (null then). */
export async function accessOrNull(db: Db, actor: Caller, folderId: string | null) {
  if (folderId === null) return null
  return loadFolderAccess(db, actor, folderId)
}

/**
 * The caller's access on every folder of a subtree, by the same policy, from one load of the root's
 * chain and the caller's grants.
 */
export async function subtreeAccess(
  db: Db,
  actor: Caller,
  tree: { folders: readonly FolderNode[] },
): Promise<Map<string, FolderAccess>> {
  const result = new Map<string, FolderAccess>()
  const root = tree.folders[0]
  if (!root) return result
  const rootChain = await loadFolderChain(db, root.id)
  const above = rootChain.slice(1)
  let grants: FolderGrant[] = []
  if (actor.kind === 'user' && !isFolderSuperUser(actor)) {
    grants = await loadGrants(db, actor.id, [...rootChain.map((f) => f.id), ...tree.folders.map((f) => f.id)])
  }
  const byId = new Map(tree.folders.map((f) => [f.id, f]))
  for (const folder of tree.folders) {
    const chain: FolderNode[] = []
    let current: (typeof tree.folders)[number] | undefined = folder
    while (current) {
      chain.push({ id: current.id, type: current.type, parent_id: current.parent_id })
      if (current.id === root.id) break
      current = current.parent_id ? byId.get(current.parent_id) : undefined
    }
    result.set(folder.id, resolveFolderAccess(actor, [...chain, ...above], grants))
  }
  return result
}

export function forbidden(detail: string): never {
  throw problems.forbidden(detail)
}
