import type { Transaction } from 'kysely'
import type { RestoreInput } from '../../../shared/contract/files'
import { nameKey, sanitizeName } from '../../../shared/names'
import type { DB } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { forEachChunk } from '../../lib/event-loop'
import type { SignedInCaller } from '../../lib/http/caller'
import { HttpProblem, problems } from '../../lib/http/problem'
import { canRestoreTrashEntry } from '../../policies/files.policy'
import { canOnFolder, isFolderSuperUser } from '../../policies/folders.policy'
import { readableFolder } from './access'
import { notifyItem } from './file-notify'
import { grant, insertFolderRow } from './folders.service'
import { claimFreeName } from './names.repository'
import { folderState, groupRootEntry, loadGroup, sweepTombstones } from './trash.repository'
import { NO_ENTRY, visibleEntry } from './trash-entries.service'
import { loadAncestors } from './tree.repository'

// Restoring a trash entry (product.md §2, docs/decisions/0026): the group comes back; under a trashed
// parent the answer is 409 with the choices; a parent that is gone sends it to My folders; names never
// overwrite.

/** Where a restored file goes when its folder is gone and no folder was chosen: one per user. */
export const RESTORED_FOLDER_NAME = 'Restored files'

// ---- Restore

export interface RestoreResult {
  id: string
  item_type: 'file' | 'folder'
  item_id: string
  name: string
  /** Where it went: the folder (null for a top-level folder) and its path, top first. */
  restoredTo: {
    folderId: string | null
    path: string[]
    reason: 'original' | 'parent_restored' | 'chosen' | 'my_folders'
  }
  items: number
}

export async function restoreEntry(
  deps: AppDeps,
  who: SignedInCaller,
  entryId: string,
  input: RestoreInput,
): Promise<RestoreResult> {
  const db = deps.database.db
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  if (!canRestoreTrashEntry(who, facts)) throw problems.forbidden('You cannot restore this item.')
  const item =
    entry.item_type === 'file'
      ? await db
          .selectFrom('files')
          .select(['id', 'folder_id as parent'])
          .where('id', '=', entry.item_id)
          .executeTakeFirst()
      : await db
          .selectFrom('folders')
          .select(['id', 'parent_id as parent'])
          .where('id', '=', entry.item_id)
          .executeTakeFirst()
  if (!item) throw problems.notFound(NO_ENTRY)
  const parentId = item.parent

  let target: { kind: 'folder'; id: string } | { kind: 'top' } | { kind: 'my_folders' }
  let reason: RestoreResult['restoredTo']['reason'] = 'original'
  if (input.targetFolderId) {
    const chosen = await readableFolder(db, who, input.targetFolderId)
    if (!canOnFolder(chosen.access, 'write')) throw problems.forbidden('You cannot add items to that folder.')
    target = { kind: 'folder', id: chosen.folder.id }
    reason = 'chosen'
  } else if (parentId === null) {
    target = { kind: 'top' }
  } else {
    const state = await folderState(db, parentId)
    if (state === 'alive') target = { kind: 'folder', id: parentId }
    else if (state === 'gone') {
      target = { kind: 'my_folders' }
      reason = 'my_folders'
    } else {
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
      target = { kind: 'folder', id: parentId }
      reason = 'parent_restored'
    }
  }

  const now = deps.clock()
  const stamp = now.toISOString()
  return db.transaction().execute(async (trx) => {
    // Checked again inside: the entry may have been restored or deleted meanwhile.
    const still = await trx
      .selectFrom('trash_items')
      .select('id')
      .where('id', '=', entry.id)
      .executeTakeFirst()
    if (!still) throw problems.notFound(NO_ENTRY)
    const group = await loadGroup(trx, entry)
    let folderId: string | null = null
    if (target.kind === 'folder') folderId = target.id
    else if (target.kind === 'my_folders') {
      folderId = entry.item_type === 'file' ? await restoredFilesFolder(trx, who, now) : null
    }
    const name = folderId ? await claimFreeName(trx, folderId, entry.filename) : sanitizeName(entry.filename)
    if (entry.item_type === 'file') {
      await trx
        .updateTable('files')
        .set({
          isTrashed: false,
          filename: name,
          name_key: nameKey(name),
          folder_id: folderId!,
          updatedAt: stamp,
        })
        .where('id', '=', entry.item_id)
        .execute()
    } else {
      const root = group.folders[0]!
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
      await trx.updateTable('folders').set(changes).where('id', '=', root.id).execute()
      const rest = group.folders.slice(1).map((f) => f.id)
      await forEachChunk(rest, 200, (chunk) =>
        trx
          .updateTable('folders')
          .set({ isTrashed: false, updatedAt: stamp })
          .where('id', 'in', chunk)
          .execute(),
      )
      const files = group.files.map((f) => f.id)
      await forEachChunk(files, 200, (chunk) =>
        trx
          .updateTable('files')
          .set({ isTrashed: false, updatedAt: stamp })
          .where('id', 'in', chunk)
          .execute(),
      )
    }
    const ids = [...group.folders.map((f) => f.id), ...group.files.map((f) => f.id)]
    await forEachChunk(ids, 200, (chunk) =>
      trx.deleteFrom('trash_items').where('item_id', 'in', chunk).execute(),
    )
    if (parentId && parentId !== folderId) await sweepTombstones(trx, parentId)

    const path = folderId ? (await loadAncestors(trx, folderId)).reverse().map((f) => f.folder_name) : []
    const items = group.folders.length + group.files.length
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
  })
}

/** The caller's top-level "Restored files" folder (made on first use, locked, administered by them). */
async function restoredFilesFolder(trx: Transaction<DB>, who: SignedInCaller, now: Date): Promise<string> {
  const existing = await trx
    .selectFrom('folders as f')
    .innerJoin('folder_permissions as p', 'p.folder_id', 'f.id')
    .select('f.id')
    .where('f.parent_id', 'is', null)
    .where('f.isTrashed', '=', false)
    .where('f.name_key', '=', nameKey(RESTORED_FOLDER_NAME))
    .where('p.user_id', '=', who.id)
    .where('p.permissionType', '=', 'administrator')
    .executeTakeFirst()
  if (existing) return existing.id
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
