import type { Transaction } from 'kysely'
import type { ItemRef, RestoreInput } from '../../../shared/contract/files'
import { nameKey } from '../../../shared/names'
import type { DB } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { HttpProblem, problems } from '../../lib/http/problem'
import type { Actor } from '../../policies/actor'
import {
  canDeleteTrashEntry,
  canManageFolderItself,
  canRestoreTrashEntry,
  canSeeTrashEntry,
} from '../../policies/files.policy'
import { canOnFolder, type FolderAccess, isFolderSuperUser } from '../../policies/folders.policy'
import { loadFolderAccess } from '../folders/folder-access.repository'
import { type ActorUser, readableFile, readableFolder, subtreeAccess } from './access'
import { enqueueBlobDeletions } from './blob-deletions'
import { notifyItem } from './file-notify'
import { grant, insertFolderRow } from './folders.service'
import { claimFreeName } from './names.repository'
import {
  deleteGroup,
  folderState,
  groupRootEntry,
  loadGroup,
  markTrashed,
  sweepTombstones,
  type TrashRow,
} from './trash.repository'
import { loadAncestors, loadSubtree } from './tree.repository'

// The trash (product.md §2 "Trash", docs/decisions/0026): trash, list, open an entry, restore (with
// the 409 choices when the parent is trashed, and My folders when it is gone), delete for good,
// empty, and the retention purge.

/** Where a restored file goes when its folder is gone and no folder was chosen: one per user. */
export const RESTORED_FOLDER_NAME = 'Restored files'

const NO_ENTRY = 'There is no such trash entry, or you cannot see it.'

export interface TrashOutcome {
  name: string
  /** Where the notification points: the containing folder (or the folder itself at the top). */
  folderId: string
  folderName: string | null
  count: number
  fileId?: string
}

/** Checks the caller may trash the item; what is needed to trash it. */
export async function prepareTrash(deps: AppDeps, who: ActorUser, ref: ItemRef) {
  const db = deps.database.db
  if (ref.type === 'file') {
    const { file, folder, access } = await readableFile(db, who.actor, ref.id)
    if (!canOnFolder(access, 'manageItems'))
      throw problems.forbidden('You cannot trash files in this folder.')
    return { kind: 'file' as const, file, folder }
  }
  const { folder, access } = await readableFolder(db, who.actor, ref.id)
  const parentAccess = folder.parent_id ? await loadFolderAccess(db, who.actor, folder.parent_id) : null
  if (!canManageFolderItself(folder, access, parentAccess))
    throw problems.forbidden('You cannot trash this folder.')
  await requireRightsOnSubtree(deps, who.actor, folder.id, 'trash')
  const parent = folder.parent_id
    ? await db
        .selectFrom('folders')
        .select(['id', 'folder_name'])
        .where('id', '=', folder.parent_id)
        .executeTakeFirst()
    : undefined
  return { kind: 'folder' as const, folder, parent: parent ?? null }
}

/** "Moving or trashing a folder requires the right on everything it contains." */
export async function requireRightsOnSubtree(deps: AppDeps, actor: Actor, folderId: string, verb: string) {
  if (isFolderSuperUser(actor)) return
  const tree = await loadSubtree(deps.database.db, folderId)
  const accesses = await subtreeAccess(deps.database.db, actor, tree)
  for (const f of tree.folders) {
    if (f.isTrashed) continue
    const access = accesses.get(f.id)
    if (!access || !canOnFolder(access, 'manageItems'))
      throw problems.forbidden(`You cannot ${verb} this folder: it holds folders you cannot change.`)
  }
}

export async function trashPrepared(
  trx: Transaction<DB>,
  who: ActorUser,
  prepared: Awaited<ReturnType<typeof prepareTrash>>,
  now: Date,
): Promise<TrashOutcome> {
  if (prepared.kind === 'file') {
    const count = await markTrashed(trx, { type: 'file', row: prepared.file }, prepared.folder, who.id, now)
    return {
      name: prepared.file.filename,
      folderId: prepared.folder.id,
      folderName: prepared.folder.folder_name,
      count,
      fileId: prepared.file.id,
    }
  }
  const count = await markTrashed(trx, { type: 'folder', row: prepared.folder }, prepared.parent, who.id, now)
  return {
    name: prepared.folder.folder_name,
    folderId: prepared.parent?.id ?? prepared.folder.id,
    folderName: prepared.parent?.folder_name ?? null,
    count,
  }
}

export async function trashItem(deps: AppDeps, who: ActorUser, ref: ItemRef) {
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
        count: outcome.count,
        folderId: outcome.folderId,
        fileId: outcome.fileId,
      },
      now,
    )
    return outcome
  })
  return { type: ref.type, id: ref.id, name: outcome.name, items: outcome.count }
}

// ---- Seeing entries

async function originAccess(
  deps: AppDeps,
  actor: Actor,
  entry: TrashRow,
  cache = new Map<string, FolderAccess | null>(),
) {
  const origin = entry.folder_id ?? (entry.item_type === 'folder' ? entry.item_id : null)
  if (!origin) return null
  if (!cache.has(origin)) cache.set(origin, await loadFolderAccess(deps.database.db, actor, origin))
  return cache.get(origin) ?? null
}

async function visibleEntry(deps: AppDeps, who: ActorUser, entryId: string) {
  const entry = await deps.database.db
    .selectFrom('trash_items')
    .selectAll()
    .where('id', '=', entryId)
    .where('deleted_singly', '=', true)
    .executeTakeFirst()
  if (!entry) throw problems.notFound(NO_ENTRY)
  const facts = { trashedBy: entry.trashedBy, originAccess: await originAccess(deps, who.actor, entry) }
  if (!canSeeTrashEntry(who.actor, facts)) throw problems.notFound(NO_ENTRY)
  return { entry, facts }
}

function presentEntry(
  actor: Actor,
  entry: TrashRow,
  facts: { trashedBy: string | null; originAccess: FolderAccess | null },
  extra: { size: number | null; items: number },
) {
  return {
    id: entry.id,
    item_type: entry.item_type,
    item_id: entry.item_id,
    filename: entry.filename,
    folder_id: entry.folder_id,
    folder_name: entry.folder_name,
    deleted_singly: entry.deleted_singly,
    deletedAt: entry.deletedAt,
    trashedBy: entry.trashedBy,
    size: extra.size,
    /** How many items the entry holds, itself included. */
    items: extra.items,
    abilities: {
      restore: canRestoreTrashEntry(actor, facts),
      deletePermanently: canDeleteTrashEntry(actor, facts),
    },
  }
}

const MAX_TRASH_LIST = 1000

/** Entries the caller may see, newest first. */
export async function listTrash(deps: AppDeps, who: ActorUser) {
  const db = deps.database.db
  const entries = await db
    .selectFrom('trash_items')
    .selectAll()
    .where('deleted_singly', '=', true)
    .orderBy('deletedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_TRASH_LIST)
    .execute()
  const cache = new Map<string, FolderAccess | null>()
  const items = []
  for (const entry of entries) {
    const facts = {
      trashedBy: entry.trashedBy,
      originAccess: await originAccess(deps, who.actor, entry, cache),
    }
    if (!canSeeTrashEntry(who.actor, facts)) continue
    const group = await loadGroup(db, entry)
    const size = group.files.reduce((sum, f) => sum + Number(f.size), 0)
    items.push(
      presentEntry(who.actor, entry, facts, { size, items: group.folders.length + group.files.length }),
    )
  }
  return { items }
}

/** What a trashed folder entry holds (what went to the trash with it), flat, with parent ids. */
export async function trashEntryContents(deps: AppDeps, who: ActorUser, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  const group = await loadGroup(deps.database.db, entry)
  return {
    entry: presentEntry(who.actor, entry, facts, {
      size: group.files.reduce((s, f) => s + Number(f.size), 0),
      items: group.folders.length + group.files.length,
    }),
    folders: group.folders
      .filter((f) => f.id !== entry.item_id)
      .map((f) => ({ id: f.id, folder_name: f.folder_name, type: f.type, parent_id: f.parent_id })),
    files: group.files.map((f) => ({
      id: f.id,
      filename: f.filename,
      mimetype: f.mimetype,
      size: Number(f.size),
      folder_id: f.folder_id,
    })),
  }
}

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
  who: ActorUser,
  entryId: string,
  input: RestoreInput,
): Promise<RestoreResult> {
  const db = deps.database.db
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  if (!canRestoreTrashEntry(who.actor, facts)) throw problems.forbidden('You cannot restore this item.')
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
    const chosen = await readableFolder(db, who.actor, input.targetFolderId)
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
    const name = folderId ? await claimFreeName(trx, folderId, entry.filename) : entry.filename
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
        if (!isFolderSuperUser(who.actor)) changes.type = 'locked'
        await grant(trx, root.id, who.id, 'administrator', now)
      }
      await trx.updateTable('folders').set(changes).where('id', '=', root.id).execute()
      const rest = group.folders.slice(1).map((f) => f.id)
      for (let i = 0; i < rest.length; i += 200)
        await trx
          .updateTable('folders')
          .set({ isTrashed: false, updatedAt: stamp })
          .where('id', 'in', rest.slice(i, i + 200))
          .execute()
      const files = group.files.map((f) => f.id)
      for (let i = 0; i < files.length; i += 200)
        await trx
          .updateTable('files')
          .set({ isTrashed: false, updatedAt: stamp })
          .where('id', 'in', files.slice(i, i + 200))
          .execute()
    }
    const ids = [...group.folders.map((f) => f.id), ...group.files.map((f) => f.id)]
    for (let i = 0; i < ids.length; i += 200)
      await trx
        .deleteFrom('trash_items')
        .where('item_id', 'in', ids.slice(i, i + 200))
        .execute()
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
        count: items,
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
async function restoredFilesFolder(trx: Transaction<DB>, who: ActorUser, now: Date): Promise<string> {
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

// ---- Delete for good

export async function deleteEntry(deps: AppDeps, who: ActorUser, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  if (!canDeleteTrashEntry(who.actor, facts))
    throw problems.forbidden('Only administrators of the folder can delete items for good.')
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const keys = await deleteGroup(trx, entry)
    await enqueueBlobDeletions(trx, keys, now)
    const notifyFolder =
      entry.folder_id &&
      (await trx.selectFrom('folders').select('id').where('id', '=', entry.folder_id).executeTakeFirst())
    if (notifyFolder) {
      await notifyItem(
        trx,
        who,
        {
          type: entry.item_type,
          action: 'deleted',
          mainItem: entry.filename,
          subItem: entry.folder_name,
          folderId: entry.folder_id!,
        },
        now,
      )
    }
  })
  return { id: entry.id, deleted: true }
}

/** Super users: every entry, for good. */
export async function emptyTrash(deps: AppDeps, who: ActorUser) {
  if (!isFolderSuperUser(who.actor))
    throw problems.forbidden('Only administrators and folder managers can empty the trash.')
  const deleted = await purgeEntries(deps, deps.clock(), null)
  return { deleted }
}

/** Deletes entries older than `before` (all when null), each group in its own transaction. */
export async function purgeEntries(
  deps: Pick<AppDeps, 'database'>,
  now: Date,
  before: Date | null,
  signal?: AbortSignal,
): Promise<number> {
  const db = deps.database.db
  let deleted = 0
  for (;;) {
    let query = db
      .selectFrom('trash_items')
      .selectAll()
      .where('deleted_singly', '=', true)
      .orderBy('deletedAt')
      .limit(50)
    if (before) query = query.where('deletedAt', '<', before.toISOString())
    const batch = await query.execute()
    if (batch.length === 0 || signal?.aborted) return deleted
    for (const entry of batch) {
      await db.transaction().execute(async (trx) => {
        const still = await trx
          .selectFrom('trash_items')
          .select('id')
          .where('id', '=', entry.id)
          .executeTakeFirst()
        if (!still) return
        await enqueueBlobDeletions(trx, await deleteGroup(trx, entry), now)
        deleted++
      })
    }
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000

/** The retention job: entries trashed longer ago than the retention go for good. */
export function purgeExpiredTrash(
  deps: Pick<AppDeps, 'database'>,
  now: Date,
  retentionDays: number,
  signal?: AbortSignal,
) {
  return purgeEntries(deps, now, new Date(now.getTime() - retentionDays * DAY_MS), signal)
}
