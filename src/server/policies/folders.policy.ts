import type { FolderType, PermissionType } from '../../shared/enums'
import { hasStaffFunction } from '../../shared/staff-functions'
import type { AnonymousCaller, SignedInCaller } from '../lib/http/caller'

// Who may do what in a folder (product.md §2, docs/decisions/0023). THE folder rule: the files feature, search and the
// notification inbox all decide through it. It is pure: the repository
// (features/files/access/folder-access.repository.ts) loads the folder's chain of ancestors and the
// user's grants on it, and this file decides.
//
//  - Super users (admins, and staff holding ManageFolders) have full control of every folder.
//  - A grant (viewer < editor < administrator) applies to its folder and the subtree below it, down to
//    the next locked folder; the nearest grant wins (a viewer grant on a subfolder of a folder where
//    the user is editor makes them a viewer there).
//  - A locked folder stops all inherited access: only a grant on the locked folder itself or below it
//    opens it. A public folder passes its parent's access down; a top-level public folder makes every
//    signed-in user a viewer of it and its subtree (again down to the next locked folder). So a public
//    folder inside a locked one is open only to those who can open the locked one.
//  - Anonymous and restricted callers get nothing.

export interface FolderNode {
  id: string
  type: FolderType
  parent_id: string | null
}

export interface FolderGrant {
  folder_id: string
  user_id: string
  permissionType: PermissionType
}

export type FolderLevel = PermissionType | 'super'

const RANK: Record<FolderLevel, number> = { viewer: 1, editor: 2, administrator: 3, super: 4 }

export interface FolderAccess {
  /** The caller's level on the folder; null when they cannot open it. */
  level: FolderLevel | null
  /** Where it comes from: super user, the nearest grant, the public tree, or nothing. */
  via: 'super' | 'grant' | 'public' | 'none'
  /** The folder holding the grant that applies (for "the granted folder itself" rules). */
  grantFolderId: string | null
}

const NONE: FolderAccess = { level: null, via: 'none', grantFolderId: null }

/**
 * What the folder rule needs to know about someone: the caller, or another person it is asked about
 * (a grantee whose inherited level sharing compares against, a notification's recipient).
 */
export type FolderPerson =
  | AnonymousCaller
  | Pick<SignedInCaller, 'kind' | 'id' | 'role' | 'staffFunctions' | 'isRestricted'>

type SignedInPerson = Extract<FolderPerson, { kind: 'user' }>

function signedIn(actor: FolderPerson): actor is SignedInPerson {
  return actor.kind === 'user' && !actor.isRestricted
}

/** Admins and ManageFolders staff: full control of every folder, file, permission and trash entry. */
export function isFolderSuperUser(actor: FolderPerson): boolean {
  return actor.kind === 'user' && hasStaffFunction(actor, 'ManageFolders')
}

/**
 * The caller's access to `chain[0]`.
 * @param chain the folder and its ancestors, nearest first, ending at a top-level folder. A chain that
 *   does not link up (a parent missing, e.g. deleted meanwhile) opens nothing through the public tree.
 * @param grants the caller's grants on folders of the chain (others are ignored).
 */
export function resolveFolderAccess(
  actor: FolderPerson,
  chain: readonly FolderNode[],
  grants: readonly FolderGrant[],
): FolderAccess {
  if (chain.length === 0 || !signedIn(actor)) return NONE
  if (isFolderSuperUser(actor)) return { level: 'super', via: 'super', grantFolderId: null }
  return accessFromGrants(actor.id, chain, grants)
}

/**
 * What the user's grants (and the public tree) give them on `chain[0]`, the rule above without the
 * actor's role: for asking what someone else holds there (sharing compares against it). Grants of
 * other users are ignored.
 */
export function accessFromGrants(
  userId: string,
  chain: readonly FolderNode[],
  grants: readonly FolderGrant[],
): FolderAccess {
  const mine = new Map<string, PermissionType>()
  for (const grant of grants) {
    if (grant.user_id !== userId) continue
    const held = mine.get(grant.folder_id)
    // One grant per (folder, user) in the database; keep the higher if a caller passes duplicates.
    if (!held || RANK[grant.permissionType] > RANK[held]) mine.set(grant.folder_id, grant.permissionType)
  }

  for (let i = 0; i < chain.length; i++) {
    const folder = chain[i]!
    const granted = mine.get(folder.id)
    if (granted) return { level: granted, via: 'grant', grantFolderId: folder.id }
    // Nothing flows into a locked folder from above.
    if (folder.type === 'locked') return NONE
    const parent = chain[i + 1]
    if (folder.parent_id === null) {
      // Reached the top through public folders only: everyone signed in may view.
      return { level: 'viewer', via: 'public', grantFolderId: null }
    }
    if (!parent || parent.id !== folder.parent_id) return NONE
  }
  return NONE
}

/**
 * The caller's access on a subfolder of a folder where they hold `parentAccess`, knowing only their own
 * grant on the subfolder: the same answer as resolveFolderAccess on the subfolder's chain (the nearest
 * grant wins; a locked folder takes nothing from above; a public one passes the parent's access down),
 * for listing a page of subfolders from one query.
 */
export function childFolderAccess(
  actor: FolderPerson,
  parentAccess: FolderAccess,
  child: Pick<FolderNode, 'id' | 'type'>,
  grant: PermissionType | null,
): FolderAccess {
  if (!signedIn(actor)) return NONE
  if (isFolderSuperUser(actor)) return { level: 'super', via: 'super', grantFolderId: null }
  if (grant) return { level: grant, via: 'grant', grantFolderId: child.id }
  if (child.type === 'locked') return NONE
  return parentAccess
}

export function hasAtLeast(level: FolderLevel | null, required: FolderLevel): boolean {
  return level !== null && RANK[level] >= RANK[required]
}

/** Is `level` strictly above `other` (no level is above none)? */
export function outranks(level: FolderLevel | null, other: FolderLevel | null): boolean {
  if (level === null) return false
  return other === null || RANK[level] > RANK[other]
}

/** May the caller open (list, preview, download) the folder? */
export function canReadFolder(access: FolderAccess): boolean {
  return hasAtLeast(access.level, 'viewer')
}

/**
 * Is the folder shown to the caller at all? A folder they can open is; a locked folder they cannot
 * open is shown only as the way to a folder inside it where they hold a grant ("get in"), and
 * otherwise not listed at all: its name may be confidential.
 */
export function folderVisibility(access: FolderAccess, hasGrantBelow: boolean): 'open' | 'path' | 'hidden' {
  if (canReadFolder(access)) return 'open'
  return hasGrantBelow ? 'path' : 'hidden'
}

/** The actions of product.md §2's permission table. */
export const FOLDER_ACTIONS = [
  'list', // list, preview, download, download as zip
  'write', // upload, create a subfolder, replace a file's content
  'manageItems', // rename, move, copy, trash items inside
  'manageSelf', // rename, move, trash the granted folder itself
  'restoreOwn', // restore from trash what the caller deleted
  'restoreAny', // restore anything from trash into the folder
  'deletePermanently',
  'managePermissions', // grant, change, revoke (up to the caller's own level: canGrantLevel)
  'makeLocked',
  'makePublic',
  'manageAllTrash', // empty all trash, set retention
] as const
export type FolderAction = (typeof FOLDER_ACTIONS)[number]

const MIN_LEVEL: Record<FolderAction, FolderLevel> = {
  list: 'viewer',
  write: 'editor',
  manageItems: 'editor',
  manageSelf: 'administrator',
  restoreOwn: 'editor',
  restoreAny: 'administrator',
  deletePermanently: 'administrator',
  managePermissions: 'administrator',
  makeLocked: 'administrator',
  makePublic: 'super',
  manageAllTrash: 'super',
}

/**
 * May the caller do `action` with the access they hold on the folder in question? For actions on an
 * item inside a folder ("rename a file", "rename a subfolder") pass the access on the containing
 * folder; for the granted folder itself (`manageSelf`) the access on that folder. Moving and trashing
 * a folder also need the right on everything it contains: the caller checks each.
 */
export function canOnFolder(access: FolderAccess, action: FolderAction): boolean {
  return hasAtLeast(access.level, MIN_LEVEL[action])
}

/** Grants are made up to the granter's own level; super users grant any level. */
export function canGrantLevel(access: FolderAccess, level: PermissionType): boolean {
  return canOnFolder(access, 'managePermissions') && hasAtLeast(access.level, level)
}

/** Abilities for presenters: what the UI may offer on this folder. */
export function folderAbilities(access: FolderAccess): Record<FolderAction, boolean> {
  return Object.fromEntries(FOLDER_ACTIONS.map((a) => [a, canOnFolder(access, a)])) as Record<
    FolderAction,
    boolean
  >
}
