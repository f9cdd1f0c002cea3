import type { Transaction } from 'kysely'
import type { ItemRef, OnConflict } from '../../../shared/contract/files'
import { firstFreeName, nameKey } from '../../../shared/names'
import type { DB } from '../../db/schema'
import type { AppDeps } from '../../deps'
import type { SignedInCaller } from '../../lib/http/caller'
import { HttpProblem, problems } from '../../lib/http/problem'
import { newId } from '../../lib/ids'
import { canCreateFolder, canManageFolderItself } from '../../policies/files.policy'
import { canOnFolder, isFolderSuperUser } from '../../policies/folders.policy'
import { loadFolderAccess } from '../folders/folder-access.repository'
import { type FolderRow, readableFile, readableFolder, subtreeAccess } from './access'
import { enqueueBlobDeletions } from './blob-deletions'
import { notifyItem } from './file-notify'
import { createFileRecord } from './file-records'
import { grant, keepAdministratorsAbove, nameTaken } from './folders.service'
import { findByName, lockFolderForNames, takenNameKeys } from './names.repository'
import { checkStorage, reserveStorage } from './storage-quota'
import { prepareTrash, requireRightsOnSubtree, trashPrepared } from './trash.service'
import { isInSubtree, loadSubtree } from './tree.repository'

// Moving and copying files and folders (product.md §2): a move onto a taken name answers 409 unless
// the request says rename, replace or skip; a copy never overwrites; moving a folder into itself or
// below is refused; a copy is deep, with new ids and its own blobs, and leaves out subfolders the
// caller cannot open. A copy's bytes count towards the copier's storage quota (storage-quota.ts).

export interface ItemOutcome {
  type: 'file' | 'folder'
  id: string
  name: string
  /** What the notification points at. */
  folderId: string
  folderName: string
  items: number
  skipped?: boolean
}

async function writableTarget(deps: AppDeps, who: SignedInCaller, targetId: string) {
  const target = await readableFolder(deps.database.db, who, targetId)
  if (!canOnFolder(target.access, 'write')) throw problems.forbidden('You cannot add items to that folder.')
  return target.folder
}

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
  let current: { name: string; parentId: string }
  if (ref.type === 'file') {
    const { file, access } = await readableFile(db, who, ref.id)
    if (!canOnFolder(access, 'manageItems'))
      throw problems.forbidden('You cannot move files out of this folder.')
    current = { name: file.filename, parentId: file.folder_id }
  } else {
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
    current = { name: folder.folder_name, parentId: folder.parent_id ?? '' }
  }
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
  let holder = await findByName(db, target.id, current.name)
  let replace: Awaited<ReturnType<typeof prepareTrash>> | null = null
  if (holder && onConflict === 'replace') {
    if (holder.type !== ref.type)
      throw problems.conflict(
        `“${current.name}” is taken by a ${holder.type} there; a ${ref.type} cannot replace it.`,
        'name_taken',
      )
    replace = await prepareTrash(deps, who, holder)
  }
  const now = deps.clock()
  const stamp = now.toISOString()
  return db.transaction().execute(async (trx) => {
    await lockFolderForNames(trx, target.id)
    holder = await findByName(trx, target.id, current.name)
    let name = current.name
    if (holder) {
      if (!onConflict) throw nameTaken(current.name)
      if (onConflict === 'skip') return { ...outcome, skipped: true }
      if (onConflict === 'rename') name = firstFreeName(current.name, await takenNameKeys(trx, target.id))
      if (onConflict === 'replace') {
        if (
          !replace ||
          replace.kind !== holder.type ||
          (replace.kind === 'file' ? replace.file.id : replace.folder.id) !== holder.id
        )
          throw nameTaken(current.name)
        await trashPrepared(trx, who, replace, now)
      }
    }
    if (ref.type === 'file') {
      await trx
        .updateTable('files')
        .set({ folder_id: target.id, filename: name, name_key: nameKey(name), updatedAt: stamp })
        .where('id', '=', ref.id)
        .execute()
    } else {
      await trx
        .updateTable('folders')
        .set({ parent_id: target.id, folder_name: name, name_key: nameKey(name), updatedAt: stamp })
        .where('id', '=', ref.id)
        .execute()
    }
    const result = { ...outcome, name }
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
    return result
  })
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
  const now = deps.clock()
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('folders')
      .set({ parent_id: null, type, updatedAt: now.toISOString() })
      .where('id', '=', folder.id)
      .execute()
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

/** Copies one item (deep for a folder) into the target, under a free name. */
export async function copyItem(
  deps: AppDeps,
  who: SignedInCaller,
  ref: ItemRef,
  targetFolderId: string,
  notify = true,
): Promise<ItemOutcome> {
  const db = deps.database.db
  const now = deps.clock()
  if (ref.type === 'file') {
    const { file, access } = await readableFile(db, who, ref.id)
    // product.md §2: "rename, move, copy, trash items inside" is an editor's right.
    if (!canOnFolder(access, 'manageItems'))
      throw problems.forbidden('You cannot copy files out of this folder.')
    const target = await writableTarget(deps, who, targetFolderId)
    const size = Number(file.size)
    await checkStorage(db, deps, who, size, now, 'copy')
    const blob = await copyBlob(deps, file.path)
    return commitOrReclaim(deps, [blob.key], now, async (trx) => {
      await reserveStorage(trx, deps, who, size, now, 'copy')
      const row = await createFileRecord(trx, {
        folderId: target.id,
        wantedName: file.filename,
        blob,
        mimetype: file.mimetype,
        originalname: file.originalname,
        createdBy: who.id,
        now,
      })
      if (notify)
        await notifyItem(
          trx,
          who,
          {
            type: 'file',
            action: 'copied',
            mainItem: row.filename,
            subItem: target.folder_name,
            folderId: target.id,
            fileId: row.id,
          },
          now,
        )
      return {
        type: 'file',
        id: row.id,
        name: row.filename,
        folderId: target.id,
        folderName: target.folder_name,
        items: 1,
      }
    })
  }

  const { folder, access } = await readableFolder(db, who, ref.id)
  if (!canOnFolder(access, 'manageItems')) throw problems.forbidden('You cannot copy this folder.')
  const target = await writableTarget(deps, who, targetFolderId)
  const tree = await loadSubtree(db, folder.id)
  const accesses = await subtreeAccess(db, who, tree)
  // What is copied: untrashed folders the caller can open, whose parents are copied too.
  const copied = new Set<string>()
  const folders = tree.folders.filter((f) => {
    const readable = !f.isTrashed && (accesses.get(f.id)?.level ?? null) !== null
    const parentCopied = f.id === folder.id || (f.parent_id !== null && copied.has(f.parent_id))
    if (readable && parentCopied) copied.add(f.id)
    return readable && parentCopied
  })
  const files = tree.files.filter((f) => !f.isTrashed && copied.has(f.folder_id))
  const size = files.reduce((sum, f) => sum + Number(f.size), 0)
  await checkStorage(db, deps, who, size, now, 'copy')
  const blobs = new Map<string, { key: string; size: number; sha256: string }>()
  try {
    for (const f of files) blobs.set(f.id, await copyBlob(deps, f.path))
  } catch (error) {
    await enqueueBlobDeletions(
      db,
      [...blobs.values()].map((b) => b.key),
      now,
    )
    throw error
  }
  const superUser = isFolderSuperUser(who)
  return commitOrReclaim(
    deps,
    [...blobs.values()].map((b) => b.key),
    now,
    async (trx) => {
      await reserveStorage(trx, deps, who, size, now, 'copy')
      const newIds = new Map<string, FolderRow>()
      // Names within the new subtree: stored names pass through the name rule again (firstFreeName
      // sanitises), which could make two of them meet.
      const takenIn = new Map<string, Set<string>>()
      for (const f of folders) {
        const parentId = f.id === folder.id ? target.id : newIds.get(f.parent_id!)!.id
        const taken =
          f.id === folder.id ? await lockedTaken(trx, target.id) : (takenIn.get(parentId) ?? new Set())
        const name = firstFreeName(f.folder_name, taken)
        taken.add(nameKey(name))
        takenIn.set(parentId, taken)
        const row: FolderRow = {
          id: newIdNow(now),
          folder_name: name,
          name_key: nameKey(name),
          type: f.type,
          isTrashed: false,
          parent_id: parentId,
          createdBy: who.id,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        }
        await trx.insertInto('folders').values(row).execute()
        // A locked copy would shut out its maker and the administrators above it: they administer it.
        if (row.type === 'locked') await keepAdministratorsAbove(trx, row.id, parentId, now)
        if (row.type === 'locked' && !superUser) await grant(trx, row.id, who.id, 'administrator', now)
        newIds.set(f.id, row)
      }
      for (const f of files) {
        const blob = blobs.get(f.id)!
        await createFileRecord(trx, {
          folderId: newIds.get(f.folder_id)!.id,
          wantedName: f.filename,
          blob,
          mimetype: f.mimetype,
          originalname: f.originalname,
          createdBy: who.id,
          now,
        })
      }
      const root = newIds.get(folder.id)!
      const items = folders.length + files.length
      if (notify)
        await notifyItem(
          trx,
          who,
          {
            type: 'folder',
            action: 'copied',
            mainItem: root.folder_name,
            subItem: target.folder_name,
            contents: items - 1,
            folderId: target.id,
          },
          now,
        )
      return {
        type: 'folder',
        id: root.id,
        name: root.folder_name,
        folderId: target.id,
        folderName: target.folder_name,
        items,
      }
    },
  )
}

async function lockedTaken(trx: Transaction<DB>, folderId: string) {
  await lockFolderForNames(trx, folderId)
  return takenNameKeys(trx, folderId)
}

function newIdNow(now: Date) {
  return newId(now.getTime())
}

/** Streams a blob into a new one (get + put): a copy never shares a blob, so deleting one never hurts the other. */
async function copyBlob(deps: AppDeps, key: string) {
  const read = await deps.storage.get(key)
  return deps.storage.put(read.body)
}

/** Runs the transaction; when it fails, the blobs made for it are queued for deletion. */
async function commitOrReclaim<T>(
  deps: AppDeps,
  keys: string[],
  now: Date,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  try {
    return await deps.database.db.transaction().execute(work)
  } catch (error) {
    await enqueueBlobDeletions(deps.database.db, keys, now)
    throw error
  }
}
