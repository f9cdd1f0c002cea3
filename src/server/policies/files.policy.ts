import type { FolderType, PermissionType } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import {
  canOnFolder,
  type FolderAccess,
  type FolderLevel,
  hasAtLeast,
  isFolderSuperUser,
  outranks,
} from './folders.policy'

// The file manager's rules built on the folder rule (folders.policy.ts, docs/decisions/0023 and 0025).
// Pure: services load the accesses and ask here. Each function names the table row of product.md §2
// it decides.

/** A folder, as these rules need it. */
export interface FolderFacts {
  id: string
  parent_id: string | null
  type: FolderType
}

/**
 * "rename, move, trash the granted folder itself" (administrator) vs "… items inside" (editor on the
 * container). A folder whose access comes from a grant on it, or a top-level folder, is the granted
 * folder itself; any other folder is an item inside its parent.
 */
export function canManageFolderItself(
  folder: FolderFacts,
  self: FolderAccess,
  parent: FolderAccess | null,
): boolean {
  if (self.level === 'super') return true
  if (!hasAtLeast(self.level, 'viewer')) return false
  if (folder.parent_id === null || self.grantFolderId === folder.id) return canOnFolder(self, 'manageSelf')
  return parent !== null && canOnFolder(parent, 'manageItems')
}

/**
 * Who creates which folder: top-level folders by any signed-in user, public ones only by super users;
 * subfolders by editors of the parent (either type: a locked subfolder is a way to narrow access).
 */
export function canCreateFolder(
  actor: Caller,
  parent: FolderAccess | null,
  type: FolderType,
): 'ok' | 'forbidden' {
  if (actor.kind !== 'user' || actor.isRestricted) return 'forbidden'
  if (parent === null) return type === 'locked' || isFolderSuperUser(actor) ? 'ok' : 'forbidden'
  return canOnFolder(parent, 'write') ? 'ok' : 'forbidden'
}

/** "make locked ↔ public": administrators may lock, only super users may open a folder up. */
export function canChangeFolderType(access: FolderAccess, to: FolderType): boolean {
  return canOnFolder(access, to === 'public' ? 'makePublic' : 'makeLocked')
}

/**
 * Grant, change or revoke `targetCurrent` → `targetNext` (null = none) for someone on a folder: up to
 * the caller's own level, and the last administrator of a top-level folder only by a super user.
 * A change that lowers what the person holds there (the nearest grant: theirs on this folder, else
 * what reaches them from above) needs a caller who stands above each claim they have there: a higher
 * level, or the same level from a grant as high in the tree or higher (decision 0047). So an
 * administrator of a subfolder cannot demote an administrator of the folder above, while administrators
 * of one folder may still change each other; anyone may lower their own access.
 */
export function canChangeGrant(input: {
  access: FolderAccess
  /** The folder and its ancestors' ids, nearest first (how high each grant stands). */
  chain: readonly string[]
  isTopLevel: boolean
  targetCurrent: PermissionType | null
  targetNext: PermissionType | null
  /** What the person holds there without their grant on this folder: from above, the public tree, super. */
  targetInherited: FolderAccess | null
  /** The caller changes their own grant. */
  targetIsCaller: boolean
  administratorsOnFolder: number
}): 'ok' | 'forbidden' | 'outranked' | 'last_administrator' {
  const { access, chain, targetCurrent, targetNext, targetInherited } = input
  if (!canOnFolder(access, 'managePermissions')) return 'forbidden'
  if (targetNext !== null && !hasAtLeast(access.level, targetNext)) return 'forbidden'
  if (targetCurrent !== null && !hasAtLeast(access.level, targetCurrent)) return 'forbidden'
  const inherited = targetInherited?.level ?? null
  const lowers = inherited !== 'super' && outranks(targetCurrent ?? inherited, targetNext ?? inherited)
  if (lowers && !input.targetIsCaller) {
    const caller = standing(access, chain)
    const claims = [
      targetCurrent ? { level: targetCurrent, height: 0 } : null,
      targetInherited ? standing(targetInherited, chain) : null,
    ]
    if (!claims.every((claim) => claim === null || (caller !== null && standsAbove(caller, claim))))
      return 'outranked'
  }
  const removesAnAdministrator = targetCurrent === 'administrator' && targetNext !== 'administrator'
  if (
    removesAnAdministrator &&
    input.isTopLevel &&
    input.administratorsOnFolder <= 1 &&
    access.level !== 'super'
  )
    return 'last_administrator'
  return 'ok'
}

/** A level and how far above the folder the grant giving it is (0: on the folder itself). */
interface Standing {
  level: FolderLevel
  height: number
}

function standing(access: FolderAccess, chain: readonly string[]): Standing | null {
  if (access.level === null) return null
  if (access.level === 'super') return { level: 'super', height: Number.POSITIVE_INFINITY }
  const at = access.grantFolderId === null ? -1 : chain.indexOf(access.grantFolderId)
  // The public tree's viewer level comes from the top.
  return { level: access.level, height: at === -1 ? chain.length : at }
}

function standsAbove(a: Standing, b: Standing): boolean {
  return outranks(a.level, b.level) || (hasAtLeast(a.level, b.level) && a.height >= b.height)
}

/** A trash entry as the trash rules see it. */
export interface TrashEntryFacts {
  trashedBy: string | null
  /**
   * The caller's access where the item lived: the original parent folder, or for a top-level folder the
   * folder itself. Null when that folder no longer exists.
   */
  originAccess: FolderAccess | null
}

/** "Who sees trash entries: administrators of the original folder, editors their own deletions, super users." */
export function canSeeTrashEntry(actor: Caller, entry: TrashEntryFacts): boolean {
  if (isFolderSuperUser(actor)) return true
  if (actor.kind !== 'user' || actor.isRestricted) return false
  if (entry.originAccess && canOnFolder(entry.originAccess, 'restoreAny')) return true
  return (
    entry.trashedBy === actor.id &&
    entry.originAccess !== null &&
    canOnFolder(entry.originAccess, 'restoreOwn')
  )
}

/** Restoring follows seeing: whoever sees an entry may restore it (into where it came from). */
export const canRestoreTrashEntry = canSeeTrashEntry

/** "delete permanently from trash": administrators of the original folder and super users. */
export function canDeleteTrashEntry(actor: Caller, entry: TrashEntryFacts): boolean {
  if (isFolderSuperUser(actor)) return true
  return entry.originAccess !== null && canOnFolder(entry.originAccess, 'deletePermanently')
}

/**
 * Finding people to share with (docs/decisions/0042): super users search everyone by part of a name or
 * address; anyone else types a full e-mail address, or finds the people they already share with.
 */
export function shareLookupScope(actor: Caller): 'everyone' | 'contacts' {
  return isFolderSuperUser(actor) ? 'everyone' : 'contacts'
}
