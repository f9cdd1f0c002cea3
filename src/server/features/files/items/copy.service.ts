import type { Transaction } from 'kysely'
import type { ItemRef } from '../../../../shared/contract/files'
import { firstFreeName, nameKey } from '../../../../shared/names'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import type { PutResult } from '../../../lib/storage'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canOnFolder, isFolderSuperUser } from '../../../policies/folders.policy'
import { keepAdministratorsAbove } from '../access/administrators-above'
import { grant } from '../access/folder-grants.repository'
import { readableFile, readableFolder, subtreeAccess } from '../access/item-access'
import type { FileRow, FolderRow } from '../access/item-rows.repository'
import { checkStorage, reserveStorage } from '../transfer/storage-quota'
import { notifyItem } from './file-notify'
import { createFileRecord } from './files.repository'
import { insertFolderRow } from './folders.repository'
import { type ItemOutcome, writableTarget } from './move.service'
import { lockFolderForNames, takenNameKeys } from './names.repository'
import { loadSubtree } from './tree.repository'

// Copying files and folders (product.md §2): a copy never overwrites (it takes a free name); a folder's
// copy is deep, with new ids and its own blobs, and leaves out subfolders the caller cannot open. A
// copy's bytes count towards the copier's storage quota (transfer/storage-quota.ts).

/** Copies one item (deep for a folder) into the target, under a free name. */
export function copyItem(
  deps: AppDeps,
  who: SignedInCaller,
  ref: ItemRef,
  targetFolderId: string,
  notify = true,
): Promise<ItemOutcome> {
  return ref.type === 'file'
    ? copyFile(deps, who, ref.id, targetFolderId, notify)
    : copyFolder(deps, who, ref.id, targetFolderId, notify)
}

async function copyFile(
  deps: AppDeps,
  who: SignedInCaller,
  fileId: string,
  targetFolderId: string,
  notify: boolean,
): Promise<ItemOutcome> {
  const db = deps.database.db
  const now = deps.clock()
  const { file, access } = await readableFile(db, who, fileId)
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

async function copyFolder(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  targetFolderId: string,
  notify: boolean,
): Promise<ItemOutcome> {
  const db = deps.database.db
  const now = deps.clock()
  const { folder, access } = await readableFolder(db, who, folderId)
  if (!canOnFolder(access, 'manageItems')) throw problems.forbidden('You cannot copy this folder.')
  const target = await writableTarget(deps, who, targetFolderId)
  const { folders, files } = await copiedPart(deps, who, folder.id)
  const size = files.reduce((sum, f) => sum + Number(f.size), 0)
  await checkStorage(db, deps, who, size, now, 'copy')
  const blobs = await copyBlobs(deps, files, now)
  const keys = [...blobs.values()].map((b) => b.key)
  return commitOrReclaim(deps, keys, now, async (trx) => {
    await reserveStorage(trx, deps, who, size, now, 'copy')
    const copies = await insertFolderCopies(trx, who, folders, target.id, now)
    for (const f of files) {
      await createFileRecord(trx, {
        folderId: copies.get(f.folder_id)!.id,
        wantedName: f.filename,
        blob: blobs.get(f.id)!,
        mimetype: f.mimetype,
        originalname: f.originalname,
        createdBy: who.id,
        now,
      })
    }
    const root = copies.get(folder.id)!
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
  })
}

/**
 * What a folder's copy takes: the untrashed folders of its subtree that the caller can open and whose
 * parents are copied too (the root first, parents before children), and their untrashed files.
 */
async function copiedPart(deps: AppDeps, who: SignedInCaller, rootId: string) {
  const db = deps.database.db
  const tree = await loadSubtree(db, rootId)
  const accesses = await subtreeAccess(db, who, tree)
  const copied = new Set<string>()
  const folders = tree.folders.filter((f) => {
    const readable = !f.isTrashed && (accesses.get(f.id)?.level ?? null) !== null
    const parentCopied = f.id === rootId || (f.parent_id !== null && copied.has(f.parent_id))
    if (readable && parentCopied) copied.add(f.id)
    return readable && parentCopied
  })
  const files = tree.files.filter((f) => !f.isTrashed && copied.has(f.folder_id))
  return { folders, files }
}

/** A new blob for each file, by file id; when one fails, those made so far are queued for deletion. */
async function copyBlobs(deps: AppDeps, files: readonly FileRow[], now: Date) {
  const blobs = new Map<string, PutResult>()
  try {
    for (const f of files) blobs.set(f.id, await copyBlob(deps, f.path))
  } catch (error) {
    await enqueueBlobDeletions(
      deps.database.db,
      [...blobs.values()].map((b) => b.key),
      now,
    )
    throw error
  }
  return blobs
}

/**
 * The copies of `folders` (the root first, parents before children), the root's under a free name in
 * the target; the copy of each folder by the original's id. Stored names pass through the name rule
 * again (firstFreeName sanitises), which could make two of them meet, so names are kept free within
 * the new subtree too.
 */
async function insertFolderCopies(
  trx: Transaction<DB>,
  who: SignedInCaller,
  folders: readonly FolderRow[],
  targetId: string,
  now: Date,
): Promise<Map<string, FolderRow>> {
  const superUser = isFolderSuperUser(who)
  const copies = new Map<string, FolderRow>()
  const takenIn = new Map<string, Set<string>>()
  for (const [index, f] of folders.entries()) {
    const isRoot = index === 0
    const parentId = isRoot ? targetId : copies.get(f.parent_id!)!.id
    const taken = isRoot ? await lockedTaken(trx, targetId) : (takenIn.get(parentId) ?? new Set<string>())
    const name = firstFreeName(f.folder_name, taken)
    taken.add(nameKey(name))
    takenIn.set(parentId, taken)
    const row = await insertFolderRow(trx, { name, type: f.type, parentId, createdBy: who.id, now })
    // A locked copy would shut out its maker and the administrators above it: they administer it.
    if (row.type === 'locked') await keepAdministratorsAbove(trx, row.id, parentId, now)
    if (row.type === 'locked' && !superUser) await grant(trx, row.id, who.id, 'administrator', now)
    copies.set(f.id, row)
  }
  return copies
}

async function lockedTaken(trx: Transaction<DB>, folderId: string) {
  await lockFolderForNames(trx, folderId)
  return takenNameKeys(trx, folderId)
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
