import type { CreateFolderInput, UpdateFileInput, UpdateFolderInput } from '../../../../shared/contract/files'
import { nameKey } from '../../../../shared/names'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canChangeFolderType, canCreateFolder, canManageFolderItself } from '../../../policies/files.policy'
import { canOnFolder, type FolderAccess } from '../../../policies/folders.policy'
import { keepAdministratorsAbove } from '../access/administrators-above'
import { assertNoForeignDavLock } from '../access/dav-lock-guard'
import { loadFolderAccess } from '../access/folder-access.repository'
import { grant } from '../access/folder-grants.repository'
import { openFolderPath } from '../access/folder-path'
import { readableFile, readableFolder } from '../access/item-access'
import type { FolderRow } from '../access/item-rows.repository'
import { notifyItem } from './file-notify'
import { crumb, presentFile, presentFolder } from './files.presenter'
import { updateFileRow } from './files.repository'
import { insertFolderRow, updateFolderRow } from './folders.repository'
import { claimFreeName, findByName, lockFolderForNames } from './names.repository'
import { loadAncestors } from './tree.repository'

// Folders and files one at a time: create, open (with breadcrumbs and children), rename, lock or open
// up. Moves, copies and the trash have their own services.

export function nameTaken(name: string) {
  return problems.conflict(`“${name}” is already taken in this folder.`, 'name_taken')
}

/** The part of the path above the folder that the caller can open, top first (never past a folder they cannot). */
export async function breadcrumbs(deps: AppDeps, who: SignedInCaller, folder: FolderRow) {
  const db = deps.database.db
  const ancestors = (await loadAncestors(db, folder.id)).slice(1)
  const visible: FolderRow[] = []
  for (const ancestor of ancestors) {
    const access = await loadFolderAccess(db, who, ancestor.id)
    if (!access?.level || ancestor.isTrashed) break
    visible.push(ancestor)
  }
  return visible.reverse().map(crumb)
}

export async function parentAccessOf(deps: AppDeps, who: SignedInCaller, folder: FolderRow) {
  return folder.parent_id ? loadFolderAccess(deps.database.db, who, folder.parent_id) : null
}

export async function createFolder(deps: AppDeps, who: SignedInCaller, input: CreateFolderInput) {
  const db = deps.database.db
  const now = deps.clock()
  const parentId = input.parent_id ?? null
  let parent: { folder: FolderRow; access: FolderAccess } | null = null
  if (parentId) parent = await readableFolder(db, who, parentId)
  const type = input.type ?? (parent ? 'public' : 'locked')
  if (canCreateFolder(who, parent?.access ?? null, type) !== 'ok') {
    throw problems.forbidden(
      parent
        ? 'Only editors of this folder can create folders in it.'
        : 'Only administrators and folder managers can create public top-level folders.',
    )
  }
  const created = await db.transaction().execute(async (trx) => {
    let name = input.folder_name
    if (parentId) {
      await lockFolderForNames(trx, parentId)
      // A new folder never overwrites: like an upload, it takes the next free name.
      name = await claimFreeName(trx, parentId, input.folder_name)
    }
    const row = await insertFolderRow(trx, { name, type, parentId, createdBy: who.id, now })
    if (parentId && type === 'locked') await keepAdministratorsAbove(trx, row.id, parentId, now)
    // The creator administers what they made where they would otherwise lose access: every top-level
    // folder, and a locked subfolder made by someone who is not a super user.
    if (!parentId || (type === 'locked' && parent?.access.level !== 'super')) {
      await grant(trx, row.id, who.id, 'administrator', now)
    }
    await notifyItem(
      trx,
      who,
      {
        type: 'folder',
        action: 'created',
        mainItem: row.folder_name,
        subItem: parent?.folder.folder_name ?? null,
        folderId: row.id,
      },
      now,
    )
    return row
  })
  const access = (await loadFolderAccess(db, who, created.id))!
  return presentFolder(created, access, parent?.access ?? null)
}

/** One folder and its breadcrumbs, from one load of its path (decision 0093). */
export async function getFolder(deps: AppDeps, who: SignedInCaller, folderId: string) {
  const opened = await openFolderPath(deps.database.db, who, folderId)
  return {
    folder: presentFolder(opened.folder, opened.access, opened.parentAccess),
    breadcrumbs: opened.visibleAncestors.map(crumb),
    audience: opened.audience,
  }
}

export async function updateFolder(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  input: UpdateFolderInput,
) {
  const db = deps.database.db
  const now = deps.clock()
  const { folder, access } = await readableFolder(db, who, folderId)
  const parentAccess = await parentAccessOf(deps, who, folder)
  if (input.folder_name !== undefined && input.folder_name !== folder.folder_name) {
    if (!canManageFolderItself(folder, access, parentAccess))
      throw problems.forbidden('You cannot rename this folder.')
  }
  if (input.type !== undefined && input.type !== folder.type) {
    if (!canChangeFolderType(access, input.type))
      throw problems.forbidden(
        input.type === 'public'
          ? 'Only administrators and folder managers can make a folder public.'
          : 'Only administrators of this folder can lock it.',
      )
  }
  const updated = await db.transaction().execute(async (trx) => {
    const changes: Partial<FolderRow> = { updatedAt: now.toISOString() }
    const renamed = input.folder_name !== undefined && input.folder_name !== folder.folder_name
    if (renamed) {
      const name = input.folder_name!
      if (folder.parent_id) {
        await lockFolderForNames(trx, folder.parent_id)
        const holder = await findByName(trx, folder.parent_id, name)
        if (holder && holder.id !== folder.id) throw nameTaken(name)
      }
      changes.folder_name = name
      changes.name_key = nameKey(name)
    }
    const retyped = input.type !== undefined && input.type !== folder.type
    if (retyped) {
      changes.type = input.type!
      // A locked folder stops inherited access: whoever locks it keeps theirs through a grant on it,
      // and so do the administrators of the folders above.
      if (input.type === 'locked' && folder.parent_id)
        await keepAdministratorsAbove(trx, folder.id, folder.parent_id, now)
      if (input.type === 'locked' && access.level !== 'super')
        await grant(trx, folder.id, who.id, 'administrator', now)
    }
    if (!renamed && !retyped) return folder
    await updateFolderRow(trx, folder.id, changes)
    await notifyItem(
      trx,
      who,
      {
        type: 'folder',
        action: renamed ? 'renamed' : 'updated',
        mainItem: changes.folder_name ?? folder.folder_name,
        subItem: renamed ? folder.folder_name : null,
        folderId: folder.id,
      },
      now,
    )
    return { ...folder, ...changes }
  })
  const after = (await loadFolderAccess(db, who, folderId)) ?? access
  return presentFolder(updated, after, parentAccess)
}

export async function getFile(deps: AppDeps, who: SignedInCaller, fileId: string) {
  const { file, folder, access } = await readableFile(deps.database.db, who, fileId)
  return {
    file: presentFile(file, access),
    breadcrumbs: [...(await breadcrumbs(deps, who, folder)), crumb(folder)],
  }
}

export async function renameFile(deps: AppDeps, who: SignedInCaller, fileId: string, input: UpdateFileInput) {
  const db = deps.database.db
  const now = deps.clock()
  const { file, folder, access } = await readableFile(db, who, fileId)
  if (!canOnFolder(access, 'manageItems')) throw problems.forbidden('You cannot rename files in this folder.')
  if (input.filename === file.filename) return presentFile(file, access)
  await assertNoForeignDavLock(db, who, { type: 'file', id: file.id, folderId: folder.id }, now)
  const updated = await db.transaction().execute(async (trx) => {
    await lockFolderForNames(trx, folder.id)
    const holder = await findByName(trx, folder.id, input.filename)
    if (holder && holder.id !== file.id) throw nameTaken(input.filename)
    const changes = {
      filename: input.filename,
      name_key: nameKey(input.filename),
      updatedAt: now.toISOString(),
    }
    await updateFileRow(trx, file.id, changes)
    await notifyItem(
      trx,
      who,
      {
        type: 'file',
        action: 'renamed',
        mainItem: input.filename,
        subItem: file.filename,
        folderId: folder.id,
        fileId: file.id,
      },
      now,
    )
    return { ...file, ...changes }
  })
  return presentFile(updated, access)
}
