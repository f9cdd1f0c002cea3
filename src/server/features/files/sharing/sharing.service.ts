import type { GrantInput } from '../../../../shared/contract/files'
import type { PermissionType } from '../../../../shared/enums'
import { parseStaffFunctions } from '../../../../shared/staff-functions'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { canChangeGrant } from '../../../policies/files.policy'
import {
  canOnFolder,
  type FolderGrant,
  type FolderNode,
  type FolderPerson,
  resolveFolderAccess,
} from '../../../policies/folders.policy'
import { findUserById } from '../../accounts/users.repository'
import { enqueueMail, folderShared } from '../../mail'
import { announceAccessChange } from '../../notifications/notify'
import { brandOf } from '../../site/brand'
import { loadFolderChain, loadGrants } from '../access/folder-access.repository'
import { administratorCount, deleteGrant, directGrant, grant } from '../access/folder-grants.repository'
import { readableFolder } from '../access/item-access'
import { notifyItem } from '../items/file-notify'
import { grantHolders } from './grant-holders.repository'
import { pendingSharesOfFolder } from './pending-shares.repository'

// Sharing a folder (product.md §2): who has access and from where, grant, change and revoke up to
// the caller's own level, and the last administrator of a top-level folder only by a super user.

const LEVELS: PermissionType[] = ['viewer', 'editor', 'administrator']

interface Person {
  id: string
  role: DB['users']['role']
  staffFunctions: string
  isRestricted: boolean
}

/**
 * What someone holds on `chain[0]` without their grant on it: their grants above (down to the nearest
 * locked folder), the public tree, or super for admins and folder managers. Grants are compared
 * against it, so nobody loses a level they hold there from above (canChangeGrant).
 */
function inheritedLevel(person: Person, chain: readonly FolderNode[], grants: readonly FolderGrant[]) {
  const actor: FolderPerson = {
    kind: 'user',
    id: person.id,
    role: person.role,
    staffFunctions: parseStaffFunctions(person.staffFunctions),
    isRestricted: person.isRestricted,
  }
  const above = grants.filter((g) => g.user_id === person.id && g.folder_id !== chain[0]?.id)
  return resolveFolderAccess(actor, chain, above)
}

/** Everyone holding a grant that applies here: on the folder (direct) or above it up to the nearest locked folder (inherited). */
export async function folderAccessList(deps: AppDeps, who: SignedInCaller, folderId: string) {
  const db = deps.database.db
  const { folder, access } = await readableFolder(db, who, folderId)
  if (!canOnFolder(access, 'managePermissions'))
    throw problems.forbidden('Only administrators of this folder can see who has access.')
  const chain = await loadFolderChain(db, folderId)
  // Grants flow down until a locked folder: the chain that matters ends at the first locked one.
  const reach = []
  for (const f of chain) {
    reach.push(f)
    if (f.type === 'locked') break
  }
  const reachesPublicTop = reach.length === chain.length && chain.every((f) => f.type === 'public')
  const ids = reach.map((f) => f.id)
  const rows = await grantHolders(db, ids)
  const depth = new Map(ids.map((id, i) => [id, i]))
  const chainIds = chain.map((f) => f.id)
  const nearest = new Map<string, (typeof rows)[number]>()
  for (const row of rows) {
    const held = nearest.get(row.user_id)
    if (!held || depth.get(row.folder_id)! < depth.get(held.folder_id)!) nearest.set(row.user_id, row)
  }
  // Direct administrators of this folder: the last one of a top-level folder stays (canChangeGrant).
  const directAdministrators = rows.filter(
    (r) => r.folder_id === folder.id && r.permissionType === 'administrator',
  ).length
  const entries = [...nearest.values()]
    .map((r) => {
      const inherited = inheritedLevel({ ...r, id: r.user_id }, chain, rows)
      const change = (level: PermissionType | null) =>
        canChangeGrant({
          access,
          isTopLevel: folder.parent_id === null,
          targetCurrent: r.folder_id === folder.id ? r.permissionType : null,
          targetNext: level,
          chain: chainIds,
          targetInherited: inherited,
          targetIsCaller: r.user_id === who.id,
          administratorsOnFolder: directAdministrators,
        }) === 'ok'
      const direct = r.folder_id === folder.id
      return {
        user: { id: r.user_id, name: r.name, email: r.email },
        permissionType: r.permissionType,
        via: direct ? ('direct' as const) : ('inherited' as const),
        from: { id: r.folder_id, folder_name: r.folder_name },
        /** Levels the caller may set this person to here (the current one included; empty: hands off). */
        canSet: LEVELS.filter((level) => change(level)),
        /** Whether the caller may take this direct grant away (never the last administrator's). */
        canRemove: direct && change(null),
        /** The person who made the folder. */
        owner: folder.createdBy === r.user_id,
      }
    })
    .sort(
      (a, b) =>
        LEVELS.indexOf(b.permissionType) - LEVELS.indexOf(a.permissionType) ||
        a.user.name.localeCompare(b.user.name),
    )
  return {
    folder: { id: folder.id, folder_name: folder.folder_name, type: folder.type },
    /** Every signed-in user may view it (a public folder reached from the top through public folders). */
    public: reachesPublicTop,
    /** Admins and folder managers always have full access; they are not listed. */
    entries,
    pending: (await pendingSharesOfFolder(db, folder.id)).map((p) => ({
      id: p.id,
      email: p.email,
      permissionType: p.permissionType,
      createdAt: p.created_at,
    })),
    grantableLevels: LEVELS.filter(
      (level) =>
        canChangeGrant({
          access,
          isTopLevel: false,
          targetCurrent: null,
          targetNext: level,
          chain: [folder.id],
          targetInherited: null,
          targetIsCaller: false,
          administratorsOnFolder: 2,
        }) === 'ok',
    ),
  }
}

async function loadForGrant(deps: AppDeps, who: SignedInCaller, folderId: string, userId: string) {
  const db = deps.database.db
  const { folder, access } = await readableFolder(db, who, folderId)
  if (!canOnFolder(access, 'managePermissions'))
    throw problems.forbidden('Only administrators of this folder can share it.')
  const target = await findUserById(db, userId)
  if (!target) throw problems.notFound('There is no such user.')
  const chain = await loadFolderChain(db, folderId)
  const grantsOnChain = await loadGrants(
    db,
    userId,
    chain.map((f) => f.id),
  )
  const current = await directGrant(db, folderId, userId)
  const administrators = await administratorCount(db, folderId)
  return {
    folder,
    access,
    target,
    current,
    chain: chain.map((f) => f.id),
    inherited: inheritedLevel(target, chain, grantsOnChain),
    isCaller: target.id === who.id,
    administrators,
  }
}

function decide(state: Awaited<ReturnType<typeof loadForGrant>>, next: PermissionType | null) {
  const verdict = canChangeGrant({
    access: state.access,
    isTopLevel: state.folder.parent_id === null,
    targetCurrent: state.current?.permissionType ?? null,
    targetNext: next,
    chain: state.chain,
    targetInherited: state.inherited,
    targetIsCaller: state.isCaller,
    administratorsOnFolder: state.administrators,
  })
  if (verdict === 'last_administrator')
    throw problems.conflict(
      'This is the last administrator of the folder. Only an administrator of the site can remove them.',
      'last_administrator',
    )
  if (verdict === 'outranked')
    throw new HttpProblem(
      403,
      'outranked',
      `${state.target.name} holds this access through a folder above this one: only someone with more access there can lower it.`,
    )
  if (verdict === 'forbidden') throw problems.forbidden('You can share only up to your own level.')
}

/** Grants or changes someone's level on the folder; a new grant notifies them. */
export async function setGrant(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  userId: string,
  input: GrantInput,
) {
  const state = await loadForGrant(deps, who, folderId, userId)
  decide(state, input.permissionType)
  if (state.target.isRestricted) throw problems.conflict('This account is suspended.', 'user_restricted')
  const now = deps.clock()
  const isNew = !state.current && state.inherited.level === null
  await deps.database.db.transaction().execute(async (trx) => {
    await grant(trx, folderId, userId, input.permissionType, now)
    // Someone who could not open the folder before hears of it by e-mail too, with the sharer's words.
    if (isNew) {
      const link = `${deps.env.authUrl.origin}/files/${folderId}`
      const mail = folderShared(await brandOf(trx, deps.env), {
        firstname: state.target.first_name,
        sharerName: who.name,
        folderName: state.folder.folder_name,
        level: input.permissionType,
        message: input.message || null,
        link,
        hasAccount: true,
      })
      await enqueueMail(trx, { ...mail, to: state.target.email }, now)
    }
    if (state.current?.permissionType !== input.permissionType) {
      await notifyItem(
        trx,
        who,
        {
          type: 'folder',
          action: 'updated',
          mainItem: state.folder.folder_name,
          // The level granted; the reader's sentence says "shared folder X with you as viewer".
          subItem: input.permissionType,
          folderId,
          forUsers: [userId],
        },
        now,
      )
    }
  })
  if (isNew) deps.mailer.kick()
  return folderAccessList(deps, who, folderId)
}

export async function revokeGrant(deps: AppDeps, who: SignedInCaller, folderId: string, userId: string) {
  const state = await loadForGrant(deps, who, folderId, userId)
  if (!state.current) throw problems.notFound('This person has no direct access to the folder.')
  decide(state, null)
  await deleteGrant(deps.database.db, state.current.id)
  // Their open "Shared with me" and folder pages refetch now (a revoke is not a notification).
  await announceAccessChange(deps.database.db, userId)
  // Revoking oneself may end one's view of the folder: answer with what is left only when still allowed.
  return { revoked: true as const }
}
