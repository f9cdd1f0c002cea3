import type { Db } from '../../../db/db'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { type FolderAccess, isFolderSuperUser, resolveFolderAccess } from '../../../policies/folders.policy'
import { chainOf, grantsOf, loadFolderPath, type PathFolderRow } from './folder-access.repository'
import { NOTHING } from './item-access'

// Opening a folder from one load of its path (loadFolderPath: the folder, its ancestors and the
// caller's grants on them in one statement), so the number of statements does not grow with depth:
// the caller's access on the folder, on its parent (what they may do to the folder itself) and on each
// ancestor (the breadcrumbs) are all decided by the policy from that one path.

export type PathFolder = Omit<PathFolderRow, 'grant'>

export interface OpenedFolder {
  folder: PathFolder
  access: FolderAccess
  parentAccess: FolderAccess | null
  /** The ancestors the caller can open, top first, stopping below the first they cannot (or trashed). */
  visibleAncestors: PathFolder[]
  /** Who may open it by the folder rules: every signed-in member, its members, or those of a folder above. */
  audience: FolderAudience
}

/**
 * `everyone`: public from the top down to it. `members`: locked, its own members. `inherited`: public
 * inside a locked folder, so open to that folder's members: `from` names it when the caller can see it.
 */
export type FolderAudience =
  | { kind: 'everyone' }
  | { kind: 'members' }
  | { kind: 'inherited'; from: { id: string; folder_name: string } | null }

/** An untrashed folder the caller can open, with everything its page needs; 404 otherwise. */
export async function openFolderPath(db: Db, actor: Caller, folderId: string): Promise<OpenedFolder> {
  const userId = actor.kind === 'user' && !isFolderSuperUser(actor) ? actor.id : null
  const rows = await loadFolderPath(db, userId, folderId)
  const target = rows[0]
  if (!target || target.isTrashed) throw problems.notFound(NOTHING)
  const chain = chainOf(rows)
  const grants = grantsOf(rows, userId)
  const accessAt = (i: number) => resolveFolderAccess(actor, chain.slice(i), grants)
  const access = accessAt(0)
  if (access.level === null) throw problems.notFound(NOTHING)
  const visibleAncestors: PathFolder[] = []
  for (let i = 1; i < rows.length; i++) {
    const ancestor = rows[i]!
    if (!accessAt(i).level || ancestor.isTrashed) break
    visibleAncestors.push(withoutGrant(ancestor))
  }
  return {
    folder: withoutGrant(target),
    access,
    parentAccess: rows.length > 1 ? accessAt(1) : null,
    visibleAncestors: visibleAncestors.reverse(),
    audience: audienceOf(rows, visibleAncestors),
  }
}

function audienceOf(path: readonly PathFolderRow[], visible: readonly PathFolder[]): FolderAudience {
  if (path[0]?.type === 'locked') return { kind: 'members' }
  const locked = path.find((folder) => folder.type === 'locked')
  if (!locked) return { kind: 'everyone' }
  const seen = visible.find((folder) => folder.id === locked.id)
  return { kind: 'inherited', from: seen ? { id: seen.id, folder_name: seen.folder_name } : null }
}

function withoutGrant({ grant: _grant, ...folder }: PathFolderRow): PathFolder {
  return folder
}
