import type { Transaction } from 'kysely'
import type { ItemRef } from '../../../../shared/contract/files'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { Caller, SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canManageFolderItself } from '../../../policies/files.policy'
import { canOnFolder, isFolderSuperUser } from '../../../policies/folders.policy'
import { assertNoForeignDavLock } from '../access/dav-lock-guard'
import { loadFolderAccess } from '../access/folder-access.repository'
import { readableFile, readableFolder, subtreeAccess } from '../access/item-access'
import { notifyItem } from '../items/file-notify'
import { folderName } from '../items/folders.repository'
import { loadSubtreeFolders } from '../items/tree.repository'
import { stopLinksOfTrashedItems } from '../links/share-links.repository'
import { markTrashed } from './trash.repository'

// Moving to the trash (product.md §2 "Trash", docs/decisions/0026): one file, or a folder with every
// not-yet-trashed item below it, as one group whose root has deleted_singly = true.

export interface TrashOutcome {
  name: string
  /** Where the notification points: the containing folder (or the folder itself at the top). */
  folderId: string
  folderName: string | null
  count: number
  fileId?: string
  /** The trash entry the item became: what a restore (an undo) names. */
  entryId: string
}

/** Checks the caller may trash the item; what is needed to trash it. */
export async function prepareTrash(deps: AppDeps, who: SignedInCaller, ref: ItemRef) {
  const db = deps.database.db
  if (ref.type === 'file') {
    const { file, folder, access } = await readableFile(db, who, ref.id)
    if (!canOnFolder(access, 'manageItems'))
      throw problems.forbidden('You cannot trash files in this folder.')
    await assertNoForeignDavLock(db, who, { type: 'file', id: file.id, folderId: folder.id }, deps.clock())
    return { kind: 'file' as const, file, folder }
  }
  const { folder, access } = await readableFolder(db, who, ref.id)
  const parentAccess = folder.parent_id ? await loadFolderAccess(db, who, folder.parent_id) : null
  if (!canManageFolderItself(folder, access, parentAccess))
    throw problems.forbidden('You cannot trash this folder.')
  await requireRightsOnSubtree(deps, who, folder.id, 'trash')
  await assertNoForeignDavLock(db, who, { type: 'folder', id: folder.id }, deps.clock())
  const parent = folder.parent_id ? await folderName(db, folder.parent_id) : undefined
  return { kind: 'folder' as const, folder, parent: parent ?? null }
}

/** "Moving or trashing a folder requires the right on everything it contains." */
export async function requireRightsOnSubtree(deps: AppDeps, actor: Caller, folderId: string, verb: string) {
  if (isFolderSuperUser(actor)) return
  // Rights are a folder's: its files are not read (100k of them made the trash read them twice).
  const folders = await loadSubtreeFolders(deps.database.db, folderId)
  const accesses = await subtreeAccess(deps.database.db, actor, { folders })
  for (const f of folders) {
    if (f.isTrashed) continue
    const access = accesses.get(f.id)
    if (!access || !canOnFolder(access, 'manageItems'))
      throw problems.forbidden(`You cannot ${verb} this folder: it holds folders you cannot change.`)
  }
}

export async function trashPrepared(
  trx: Transaction<DB>,
  who: SignedInCaller,
  prepared: Awaited<ReturnType<typeof prepareTrash>>,
  now: Date,
): Promise<TrashOutcome> {
  const [root, parent] =
    prepared.kind === 'file'
      ? ([{ type: 'file', row: prepared.file }, prepared.folder] as const)
      : ([{ type: 'folder', row: prepared.folder }, prepared.parent] as const)
  const { count, entryId } = await markTrashed(trx, root, parent, who.id, now)
  // Trashing stops the item's share links for good: a restore brings the item back, not its links.
  await stopLinksOfTrashedItems(trx, now)
  if (prepared.kind === 'file')
    return {
      entryId,
      name: prepared.file.filename,
      folderId: prepared.folder.id,
      folderName: prepared.folder.folder_name,
      count,
      fileId: prepared.file.id,
    }
  return {
    entryId,
    name: prepared.folder.folder_name,
    folderId: prepared.parent?.id ?? prepared.folder.id,
    folderName: prepared.parent?.folder_name ?? null,
    count,
  }
}

export async function trashItem(deps: AppDeps, who: SignedInCaller, ref: ItemRef) {
  const prepared = await prepareTrash(deps, who, ref)
  const now = deps.clock()
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const outcome = await trashPrepared(trx, who, prepared, now)
    await notifyItem(
      trx,
      who,
      {
        type: ref.type,
        action: 'trashed',
        mainItem: outcome.name,
        subItem: outcome.folderName,
        // "trashed folder Reports, 124 items": the folder, and what it held.
        contents: outcome.count - 1,
        folderId: outcome.folderId,
        fileId: outcome.fileId,
      },
      now,
    )
    return outcome
  })
  return { type: ref.type, id: ref.id, name: outcome.name, items: outcome.count }
}
