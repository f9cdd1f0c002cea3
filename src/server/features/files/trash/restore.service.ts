import type { Transaction } from 'kysely'
import type { RestoreInput } from '../../../../shared/contract/files'
import { nameKey, sanitizeName } from '../../../../shared/names'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { canRestoreTrashEntry } from '../../../policies/files.policy'
import { canOnFolder, isFolderSuperUser } from '../../../policies/folders.policy'
import { grant } from '../access/folder-grants.repository'
import { readableFolder } from '../access/item-access'
import { notifyItem } from '../items/file-notify'
import { updateFileRow } from '../items/files.repository'
import { insertFolderRow, updateFolderRow } from '../items/folders.repository'
import { administeredTopFolderNamed } from '../items/home.repository'
import { claimFreeName } from '../items/names.repository'
import { loadAncestors } from '../items/tree.repository'
import {
  type Group,
  groupRootEntry,
  loadGroupFolders,
  sweepTombstones,
  unmarkGroup,
} from './trash.repository'
import { entryItemParent, type TrashRow, takeEntryRow } from './trash-entries.repository'
import { NO_ENTRY, visibleEntry } from './trash-entry-access'

// Restoring a trash entry (product.md §2, docs/decisions/0026): the group comes back; under a trashed
// parent the answer is 409 with the choices; a parent that is gone sends it to My folders; names never
// overwrite.

/** Where a restored file goes when its folder is gone and no folder was chosen: one per user. */
export const RESTORED_FOLDER_NAME = 'Restored files'

export interface RestoreResult {
  id: string
  item_type: 'file' | 'folder'
  item_id: string
  name: string
  /** Where it went: the folder (null for a top-level folder) and its path, top first. */
  restoredTo: {
    folderId: string | null
    path: string[]
    reason: Reason
  }
  items: number
}

type Reason = 'original' | 'parent_restored' | 'chosen' | 'my_folders'
type Target = { kind: 'folder'; id: string } | { kind: 'top' } | { kind: 'my_folders' }
type ItemParent = NonNullable<Awaited<ReturnType<typeof entryItemParent>>>

export async function restoreEntry(
  deps: AppDeps,
  who: SignedInCaller,
  entryId: string,
  input: RestoreInput,
): Promise<RestoreResult> {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  if (!canRestoreTrashEntry(who, facts)) throw problems.forbidden('You cannot restore this item.')
  const parent = await entryItemParent(deps.database.db, entry)
  if (!parent) throw problems.notFound(NO_ENTRY)
  const parentId = parent.parentId
  const { target, reason } = await restoreTarget(deps, who, entry, parent, input)
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    // Taken first: the entry may have been restored or deleted meanwhile, and a second restore of it
    // waits here for this one's commit, then finds nothing.
    if (!(await takeEntryRow(trx, entry.id))) throw problems.notFound(NO_ENTRY)
    const folders = await loadGroupFolders(trx, entry)
    let folderId: string | null = null
    if (target.kind === 'folder') folderId = target.id
    else if (target.kind === 'my_folders') {
      folderId = entry.item_type === 'file' ? await restoredFilesFolder(trx, who, now) : null
    }
    const name = folderId ? await claimFreeName(trx, folderId, entry.filename) : sanitizeName(entry.filename)
    const items = await putBack(trx, who, entry, folders, { name, folderId }, now)
    if (parentId && parentId !== folderId) await sweepTombstones(trx, parentId)
    return recordRestore(trx, who, entry, items, { name, folderId, reason }, now)
  })
}

/**
 * Where the item goes back to: the chosen folder, else where it was (the top for a top-level folder),
 * else My folders when that parent is gone. A trashed parent needs the caller's say: 409, or restored
 * first when `restoreParent` asks for it.
 */
async function restoreTarget(
  deps: AppDeps,
  who: SignedInCaller,
  entry: TrashRow,
  { parentId, parentState: state }: ItemParent,
  input: RestoreInput,
): Promise<{ target: Target; reason: Reason }> {
  const db = deps.database.db
  if (input.targetFolderId) {
    const chosen = await readableFolder(db, who, input.targetFolderId)
    if (!canOnFolder(chosen.access, 'write')) throw problems.forbidden('You cannot add items to that folder.')
    return { target: { kind: 'folder', id: chosen.folder.id }, reason: 'chosen' }
  }
  if (parentId === null) return { target: { kind: 'top' }, reason: 'original' }
  if (state === 'alive') return { target: { kind: 'folder', id: parentId }, reason: 'original' }
  if (state === 'gone') return { target: { kind: 'my_folders' }, reason: 'my_folders' }
  const parentEntry = await groupRootEntry(db, parentId)
  if (!input.restoreParent || !parentEntry) {
    // The choices travel as the request fields that take them (problem+json's per-field messages).
    const parentName = entry.folder_name ?? 'Its folder'
    throw new HttpProblem(
      409,
      'parent_trashed',
      `“${parentName}” is in the trash too. Restore that folder as well, or choose another folder.`,
      {
        restoreParent: [`Restore “${parentName}” too, and put this back in it.`],
        targetFolderId: ['Restore it into a folder you choose.'],
      },
    )
  }
  await restoreEntry(deps, who, parentEntry.id, { restoreParent: true })
  return { target: { kind: 'folder', id: parentId }, reason: 'parent_restored' }
}

/**
 * Untrashes the group: its root under `name` in `folderId` (null: the top), the rest where it was.
 * How many items came back.
 */
async function putBack(
  trx: Transaction<DB>,
  who: SignedInCaller,
  entry: TrashRow,
  folders: Group['folders'],
  place: { name: string; folderId: string | null },
  now: Date,
): Promise<number> {
  const stamp = now.toISOString()
  const { name, folderId } = place
  if (entry.item_type === 'file') {
    await updateFileRow(trx, entry.item_id, {
      isTrashed: false,
      filename: name,
      name_key: nameKey(name),
      folder_id: folderId!,
      updatedAt: stamp,
    })
  } else {
    const root = folders[0]!
    const changes: Partial<DB['folders']> = {
      isTrashed: false,
      folder_name: name,
      name_key: nameKey(name),
      parent_id: folderId,
      updatedAt: stamp,
    }
    if (folderId === null && root.parent_id !== null) {
      // Moved to the top of My folders: a non-super user may only own locked top-level folders, and
      // administers it so they can reach it.
      if (!isFolderSuperUser(who)) changes.type = 'locked'
      await grant(trx, root.id, who.id, 'administrator', now)
    }
    await updateFolderRow(trx, root.id, changes)
  }
  return unmarkGroup(trx, entry, folders, stamp)
}

/** The restore's notification and answer. */
async function recordRestore(
  trx: Transaction<DB>,
  who: SignedInCaller,
  entry: TrashRow,
  items: number,
  restored: { name: string; folderId: string | null; reason: Reason },
  now: Date,
): Promise<RestoreResult> {
  const { name, folderId, reason } = restored
  const path = folderId ? (await loadAncestors(trx, folderId)).reverse().map((f) => f.folder_name) : []
  await notifyItem(
    trx,
    who,
    {
      type: entry.item_type,
      action: 'restored',
      mainItem: name,
      subItem: path.length ? path[path.length - 1] : reason === 'my_folders' ? 'My folders' : null,
      contents: items - 1,
      folderId: folderId ?? entry.item_id,
      fileId: entry.item_type === 'file' ? entry.item_id : undefined,
    },
    now,
  )
  return {
    id: entry.id,
    item_type: entry.item_type,
    item_id: entry.item_id,
    name,
    restoredTo: { folderId, path, reason },
    items,
  }
}

/** The caller's top-level "Restored files" folder (made on first use, locked, administered by them). */
async function restoredFilesFolder(trx: Transaction<DB>, who: SignedInCaller, now: Date): Promise<string> {
  const existing = await administeredTopFolderNamed(trx, who.id, RESTORED_FOLDER_NAME)
  if (existing) return existing
  const row = await insertFolderRow(trx, {
    name: RESTORED_FOLDER_NAME,
    type: 'locked',
    parentId: null,
    createdBy: who.id,
    now,
  })
  await grant(trx, row.id, who.id, 'administrator', now)
  return row.id
}
