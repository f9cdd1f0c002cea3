import type { Transaction } from 'kysely'
import type { ItemRef, OnConflict } from '../../../../shared/contract/files'
import { nameKey } from '../../../../shared/names'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { canCreateFolder, canManageFolderItself } from '../../../policies/files.policy'
import { canOnFolder, isFolderSuperUser } from '../../../policies/folders.policy'
import { assertNoForeignDavLock } from '../access/dav-lock-guard'
import { loadFolderAccess } from '../access/folder-access.repository'
import { grant } from '../access/folder-grants.repository'
import { readableFile, readableFolder } from '../access/item-access'
import { prepareTrash, requireRightsOnSubtree, trashPrepared } from '../trash/trash.service'
import { notifyItem } from './file-notify'
import { updateFileRow } from './files.repository'
import { updateFolderRow } from './folders.repository'
import { nameTaken } from './folders.service'
import { findByName, firstFreeNameIn, lockFolderForNames } from './names.repository'
import { isInSubtree } from './tree.repository'

// Moving files and folders (product.md §2): a move onto a taken name answers 409 unless the request
// says rename, replace or skip; moving a folder into itself or below is refused.

export interface ItemOutcome {
  type: 'file' | 'folder'
  id: string
  name: string
  /** What the notification points at. */
  folderId: string
  folderName: string
  items: number
  skipped?: boolean
  /** For a trashed item: its trash entry (an undo restores it). */
  trashEntryId?: string
}

/** A folder the caller may add items to (a move's or a copy's target). */
export async function writableTarget(deps: AppDeps, who: SignedInCaller, targetId: string) {
  const target = await readableFolder(deps.database.db, who, targetId)
  if (!canOnFolder(target.access, 'write')) throw problems.forbidden('You cannot add items to that folder.')
  return target.folder
}

type Replacement = Awaited<ReturnType<typeof prepareTrash>>

/** Moves one item; `notify` false when a bulk action records one notification for all. */
export async function moveItem(
  deps: AppDeps,
  who: SignedInCaller,
  ref: ItemRef,
  targetFolderId: string,
  onConflict: OnConflict | undefined,
  notify = true,
): Promise<ItemOutcome> {
  const db = deps.database.db
  const current = await movableItem(deps, who, ref, targetFolderId)
  const target = await writableTarget(deps, who, targetFolderId)
  const outcome: ItemOutcome = {
    type: ref.type,
    id: ref.id,
    name: current.name,
    folderId: target.id,
    folderName: target.folder_name,
    items: 1,
  }
  if (current.parentId === target.id) return outcome

  // Replacing trashes what holds the name first; checked before the transaction like any trash.
  const holder = await findByName(db, target.id, current.name)
  let replace: Replacement | null = null
  if (holder && onConflict === 'replace') {
    if (holder.type !== ref.type)
      throw problems.conflict(
        `“${current.name}” is taken by a ${holder.type} there; a ${ref.type} cannot replace it.`,
        'name_taken',
      )
    replace = await prepareTrash(deps, who, holder)
  }
  const now = deps.clock()
  return db.transaction().execute(async (trx) => {
    const name = await settleName(trx, who, target.id, current.name, onConflict, replace, now)
    if (name === null) return { ...outcome, skipped: true }
    const changes = { name_key: nameKey(name), updatedAt: now.toISOString() }
    if (ref.type === 'file')
      await updateFileRow(trx, ref.id, { folder_id: target.id, filename: name, ...changes })
    else await updateFolderRow(trx, ref.id, { parent_id: target.id, folder_name: name, ...changes })
    if (notify)
      await notifyItem(
        trx,
        who,
        {
          type: ref.type,
          action: 'moved',
          mainItem: name,
          subItem: target.folder_name,
          folderId: target.id,
          fileId: ref.type === 'file' ? ref.id : undefined,
        },
        now,
      )
    return { ...outcome, name }
  })
}

/** Checks the caller may move the item to the target; its name and where it is now. */
async function movableItem(
  deps: AppDeps,
  who: SignedInCaller,
  ref: ItemRef,
  targetFolderId: string,
): Promise<{ name: string; parentId: string }> {
  const db = deps.database.db
  if (ref.type === 'file') {
    const { file, access } = await readableFile(db, who, ref.id)
    if (!canOnFolder(access, 'manageItems'))
      throw problems.forbidden('You cannot move files out of this folder.')
    await assertNoForeignDavLock(
      db,
      who,
      { type: 'file', id: file.id, folderId: file.folder_id },
      deps.clock(),
    )
    return { name: file.filename, parentId: file.folder_id }
  }
  const { folder, access } = await readableFolder(db, who, ref.id)
  const parentAccess = folder.parent_id ? await loadFolderAccess(db, who, folder.parent_id) : null
  if (!canManageFolderItself(folder, access, parentAccess))
    throw problems.forbidden('You cannot move this folder.')
  if (await isInSubtree(db, folder.id, targetFolderId)) {
    // Checked before the target's rights, so the answer does not depend on them.
    const target = await readableFolder(db, who, targetFolderId)
    throw new HttpProblem(
      422,
      'move_into_itself',
      `“${folder.folder_name}” cannot be moved into ${target.folder.id === folder.id ? 'itself' : 'a folder inside it'}.`,
    )
  }
  await requireRightsOnSubtree(deps, who, folder.id, 'move')
  await assertNoForeignDavLock(db, who, { type: 'folder', id: folder.id }, deps.clock())
  return { name: folder.folder_name, parentId: folder.parent_id ?? '' }
}

/**
 * Inside the move's transaction, with the target's names locked: the name the item takes there, by
 * `onConflict` when the name is held (null: skip it). Replacing trashes the holder prepared earlier,
 * if it still is the holder.
 */
async function settleName(
  trx: Transaction<DB>,
  who: SignedInCaller,
  targetId: string,
  name: string,
  onConflict: OnConflict | undefined,
  replace: Replacement | null,
  now: Date,
): Promise<string | null> {
  await lockFolderForNames(trx, targetId)
  const holder = await findByName(trx, targetId, name)
  if (!holder) return name
  if (!onConflict) throw nameTaken(name)
  if (onConflict === 'skip') return null
  if (onConflict === 'rename') return firstFreeNameIn(trx, targetId, name)
  if (
    !replace ||
    replace.kind !== holder.type ||
    (replace.kind === 'file' ? replace.file.id : replace.folder.id) !== holder.id
  )
    throw nameTaken(name)
  await trashPrepared(trx, who, replace, now)
  return name
}

/**
 * Moves a folder to the top of My folders (docs/decisions/0041). Whoever may manage the folder
 * may do it, as long as they keep it: a non-super user gets `administrator` on it, and it becomes
 * locked, since public top-level folders are for super users only (who keep its type). Top-level
 * names need not be unique, so there is no conflict to settle.
 */
export async function moveFolderToTop(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
): Promise<Omit<ItemOutcome, 'folderId' | 'folderName'> & { folderId: null; folderName: null }> {
  const db = deps.database.db
  const { folder, access } = await readableFolder(db, who, folderId)
  const parentAccess = folder.parent_id ? await loadFolderAccess(db, who, folder.parent_id) : null
  if (!canManageFolderItself(folder, access, parentAccess))
    throw problems.forbidden('You cannot move this folder.')
  const superUser = isFolderSuperUser(who)
  const type = superUser ? folder.type : 'locked'
  if (canCreateFolder(who, null, type) !== 'ok')
    throw problems.forbidden('You cannot make top-level folders.')
  const outcome = { type: 'folder' as const, id: folder.id, name: folder.folder_name, items: 1 }
  if (folder.parent_id === null) return { ...outcome, folderId: null, folderName: null }
  await requireRightsOnSubtree(deps, who, folder.id, 'move')
  await assertNoForeignDavLock(db, who, { type: 'folder', id: folder.id }, deps.clock())
  const now = deps.clock()
  return db.transaction().execute(async (trx) => {
    await updateFolderRow(trx, folder.id, { parent_id: null, type, updatedAt: now.toISOString() })
    // Without its parent's grants the mover would lose the folder they just moved.
    if (!superUser) await grant(trx, folder.id, who.id, 'administrator', now)
    await notifyItem(
      trx,
      who,
      { type: 'folder', action: 'moved', mainItem: folder.folder_name, subItem: null, folderId: folder.id },
      now,
    )
    return { ...outcome, folderId: null, folderName: null }
  })
}
