import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import {
  type FolderAccess,
  type FolderGrant,
  type FolderNode,
  isFolderSuperUser,
  resolveFolderAccess,
} from '../../../policies/folders.policy'
import { linkReachesFolder } from '../../../policies/share-links.policy'
import { loadGrants } from '../access/folder-access.repository'
import type { OpenedLink } from './opened-link'
import { folderPath, type PathFolder, sharedSubfolders } from './share-links.repository'

// What an opened link reaches: the creator's access, decided now by the folder rule, along a folder's
// path. Inside a shared folder the visitor reaches exactly the subfolders the creator could share
// (linkReachesFolder), so a locked subfolder they could not share stops the link there; anything
// else is 404, as a wrong id is.

export const NOTHING = 'There is nothing here, or this link does not reach it.'

/**
 * The creator's access on each folder of `path` (nearest first, ending at a top-level folder) and on
 * `children` of path[0], by the folder rule, from one load of their grants.
 */
export async function creatorAccessAlong(
  deps: AppDeps,
  creator: SignedInCaller,
  path: readonly PathFolder[],
  children: readonly FolderNode[],
): Promise<Map<string, FolderAccess>> {
  const nodes = (list: readonly PathFolder[]): FolderNode[] =>
    list.map((f) => ({ id: f.id, type: f.type, parent_id: f.parent_id }))
  let grants: FolderGrant[] = []
  if (!isFolderSuperUser(creator))
    grants = await loadGrants(deps.database.db, creator.id, [
      ...path.map((f) => f.id),
      ...children.map((f) => f.id),
    ])
  const result = new Map<string, FolderAccess>()
  const chain = nodes(path)
  for (let i = 0; i < chain.length; i++)
    result.set(chain[i]!.id, resolveFolderAccess(creator, chain.slice(i), grants))
  for (const child of children) result.set(child.id, resolveFolderAccess(creator, [child, ...chain], grants))
  return result
}

/**
 * A folder within the link's reach: inside the shared folder (or it), untrashed, and each folder from
 * the shared one down to it one the creator could share. 404 otherwise.
 */
export async function reachableFolder(deps: AppDeps, opened: OpenedLink, folderId: string) {
  const { link, creator } = opened
  if (link.item_type !== 'folder') throw problems.notFound(NOTHING)
  const path = await folderPath(deps.database.db, folderId)
  const rootIndex = path.findIndex((f) => f.id === link.item_id)
  if (rootIndex < 0) throw problems.notFound(NOTHING)
  const inside = path.slice(0, rootIndex + 1)
  if (inside.some((f) => f.isTrashed)) throw problems.notFound(NOTHING)
  const access = await creatorAccessAlong(deps, creator, path, [])
  if (!inside.every((f) => linkReachesFolder(access.get(f.id) ?? null))) throw problems.notFound(NOTHING)
  return { folder: path[0]!, path, inside }
}

/** The subfolders of a reachable folder that the link also reaches. */
export async function reachableChildren(deps: AppDeps, opened: OpenedLink, path: readonly PathFolder[]) {
  const children = await sharedSubfolders(deps.database.db, path[0]!.id)
  const access = await creatorAccessAlong(deps, opened.creator, path, children)
  return children.filter((c) => linkReachesFolder(access.get(c.id) ?? null))
}
