import type { AppDeps } from '../../../deps'
import type { Caller, SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canDeleteTrashEntry, canRestoreTrashEntry, canSeeTrashEntry } from '../../../policies/files.policy'
import { type FolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { loadFolderAccess } from '../access/folder-access.repository'
import { notifyItem } from '../items/file-notify'
import { folderName } from '../items/folders.repository'
import { deleteGroup, loadGroup, type TrashRow } from './trash.repository'
import { findEntry, newestEntries, oldestEntries, trashRowExists } from './trash-entries.repository'

// The trash entries a caller may see (docs/decisions/0026): the list, one entry with what went with it,
// deleting for good, emptying, and the retention purge.

export const NO_ENTRY = 'There is no such trash entry, or you cannot see it.'

// ---- Seeing entries

async function originAccess(
  deps: AppDeps,
  actor: Caller,
  entry: TrashRow,
  cache = new Map<string, FolderAccess | null>(),
) {
  const origin = entry.folder_id ?? (entry.item_type === 'folder' ? entry.item_id : null)
  if (!origin) return null
  if (!cache.has(origin)) cache.set(origin, await loadFolderAccess(deps.database.db, actor, origin))
  return cache.get(origin) ?? null
}

export async function visibleEntry(deps: AppDeps, who: SignedInCaller, entryId: string) {
  const entry = await findEntry(deps.database.db, entryId)
  if (!entry) throw problems.notFound(NO_ENTRY)
  const facts = { trashedBy: entry.trashedBy, originAccess: await originAccess(deps, who, entry) }
  if (!canSeeTrashEntry(who, facts)) throw problems.notFound(NO_ENTRY)
  return { entry, facts }
}

function presentEntry(
  actor: Caller,
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
export async function listTrash(deps: AppDeps, who: SignedInCaller) {
  const db = deps.database.db
  const entries = await newestEntries(db, MAX_TRASH_LIST)
  const cache = new Map<string, FolderAccess | null>()
  const items = []
  for (const entry of entries) {
    const facts = {
      trashedBy: entry.trashedBy,
      originAccess: await originAccess(deps, who, entry, cache),
    }
    if (!canSeeTrashEntry(who, facts)) continue
    const group = await loadGroup(db, entry)
    const size = group.files.reduce((sum, f) => sum + Number(f.size), 0)
    items.push(presentEntry(who, entry, facts, { size, items: group.folders.length + group.files.length }))
  }
  return { items }
}

/** What a trashed folder entry holds (what went to the trash with it), flat, with parent ids. */
export async function trashEntryContents(deps: AppDeps, who: SignedInCaller, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  const group = await loadGroup(deps.database.db, entry)
  return {
    entry: presentEntry(who, entry, facts, {
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
// ---- Delete for good

export async function deleteEntry(deps: AppDeps, who: SignedInCaller, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  if (!canDeleteTrashEntry(who, facts))
    throw problems.forbidden('Only administrators of the folder can delete items for good.')
  const now = deps.clock()
  await deps.database.db.transaction().execute(async (trx) => {
    const keys = await deleteGroup(trx, entry)
    await enqueueBlobDeletions(trx, keys, now)
    const notifyFolder = entry.folder_id && (await folderName(trx, entry.folder_id))
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
  return { id: entry.id, deleted: true as const }
}

/** Super users: every entry, for good. */
export async function emptyTrash(deps: AppDeps, who: SignedInCaller) {
  if (!isFolderSuperUser(who))
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
    const batch = await oldestEntries(db, before, 50)
    if (batch.length === 0 || signal?.aborted) return deleted
    for (const entry of batch) {
      await db.transaction().execute(async (trx) => {
        if (!(await trashRowExists(trx, entry.id))) return
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
