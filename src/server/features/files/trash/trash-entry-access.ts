import type { AppDeps } from '../../../deps'
import type { Caller, SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canDeleteTrashEntry, canRestoreTrashEntry, canSeeTrashEntry } from '../../../policies/files.policy'
import { type FolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { loadFolderAccess } from '../access/folder-access.repository'
import { findEntry, type TrashRow, type TrashScope, type VisibleEntryRow } from './trash-entries.repository'

// Which trash entries a caller may see (docs/decisions/0026), and an entry as the API presents it:
// shared by the list, deleting for good and restoring.

export const DAY_MS = 24 * 60 * 60 * 1000

export const NO_ENTRY = 'There is no such trash entry, or you cannot see it.'

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

export function presentEntry(
  deps: Pick<AppDeps, 'env'>,
  actor: Caller,
  entry: TrashRow & { trashedByName?: string | null },
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
    trashedByName: entry.trashedByName?.trim() || null,
    purgesAt: purgeTime(entry.deletedAt, deps.env.trashRetentionDays),
    size: extra.size,
    /** How many items the entry holds, itself included. */
    items: extra.items,
    abilities: {
      restore: canRestoreTrashEntry(actor, facts),
      deletePermanently: canDeleteTrashEntry(actor, facts),
    },
  }
}

/** When the retention purge takes an entry trashed at `deletedAt`. */
export function purgeTime(deletedAt: string, retentionDays: number): string {
  return new Date(new Date(deletedAt).getTime() + retentionDays * DAY_MS).toISOString()
}

/** Whose trash a caller sees: super users everyone's, other users by their grants, nobody else any. */
export function trashScope(who: Caller): TrashScope {
  if (who.kind !== 'user' || who.isRestricted) return { kind: 'none' }
  return { kind: isFolderSuperUser(who) ? 'all' : 'user', userId: who.id }
}

/** The caller's access on an entry's origin, as the scoped query found it. */
export function rowFacts(row: VisibleEntryRow) {
  const level = row.originLevel as FolderAccess['level']
  const originAccess: FolderAccess = {
    level,
    via: level === 'super' ? 'super' : 'grant',
    grantFolderId: null,
  }
  return { trashedBy: row.trashedBy, originAccess }
}
