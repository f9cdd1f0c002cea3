import type { TrashListQuery } from '../../../../shared/contract/files'
import type { AppDeps } from '../../../deps'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { Caller, SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canDeleteTrashEntry, canRestoreTrashEntry, canSeeTrashEntry } from '../../../policies/files.policy'
import { type FolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { recordExport } from '../../audit/audit.service'
import { loadFolderAccess } from '../access/folder-access.repository'
import { notifyItem } from '../items/file-notify'
import { folderName } from '../items/folders.repository'
import { deleteGroup, loadGroup, type TrashRow } from './trash.repository'
import {
  findEntry,
  groupTotals,
  oldestEntries,
  TRASH_LIST_COLUMNS,
  type TrashScope,
  trashRowExists,
  type VisibleEntryRow,
  visibleEntries,
} from './trash-entries.repository'

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
function purgeTime(deletedAt: string, retentionDays: number): string {
  return new Date(new Date(deletedAt).getTime() + retentionDays * DAY_MS).toISOString()
}

/** Whose trash a caller sees: super users everyone's, other users by their grants, nobody else any. */
function trashScope(who: Caller): TrashScope {
  if (who.kind !== 'user' || who.isRestricted) return { kind: 'none' }
  return { kind: isFolderSuperUser(who) ? 'all' : 'user', userId: who.id }
}

/** The caller's access on an entry's origin, as the scoped query found it. */
function rowFacts(row: VisibleEntryRow) {
  const level = row.originLevel as FolderAccess['level']
  const originAccess: FolderAccess = {
    level,
    via: level === 'super' ? 'super' : 'grant',
    grantFolderId: null,
  }
  return { trashedBy: row.trashedBy, originAccess }
}

/**
 * One page of the entries the caller may see (scoped, searched, sorted and paged in SQL), each with
 * its size and item count (the page's groups only) and when it goes for good.
 */
export async function listTrash(deps: AppDeps, who: SignedInCaller, query: TrashListQuery) {
  const db = deps.database.db
  const page = await fetchListPage(visibleEntries(db, trashScope(who), query), query, TRASH_LIST_COLUMNS)
  // One aggregate over whole groups (100k items after a large trash): a read-only transaction, so on
  // SQLite it runs off the event loop (decision 0107).
  const totals = await db
    .transaction()
    .setAccessMode('read only')
    .execute((trx) => groupTotals(trx, page.items))
  const items = page.items.map((row) =>
    presentEntry(deps, who, row, rowFacts(row), totals.get(row.item_id) ?? { size: 0, items: 0 }),
  )
  return { ...page, items }
}

const CSV_COLUMNS: CsvColumn<VisibleEntryRow & { purgesAt: string }>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'type', value: (r) => r.item_type },
  { header: 'name', value: (r) => r.filename },
  { header: 'folder', value: (r) => r.folder_name },
  { header: 'deletedAt', value: (r) => new Date(r.deletedAt) },
  { header: 'trashedById', value: (r) => r.trashedBy },
  { header: 'trashedBy', value: (r) => r.trashedByName },
  { header: 'purgesAt', value: (r) => new Date(r.purgesAt) },
  { header: 'itemId', value: (r) => r.item_id },
  { header: 'folderId', value: (r) => r.folder_id },
]

/** Super users: every entry matching the table's filters and search, streamed by keyset; audited. */
export async function exportTrash(deps: AppDeps, who: SignedInCaller, query: TrashListQuery) {
  if (!isFolderSuperUser(who))
    throw problems.forbidden('Only administrators and folder managers can export the trash.')
  await recordExport(deps.database.db, who, 'trash_items', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    visibleEntries(deps.database.db, trashScope(who), query),
    query,
    TRASH_LIST_COLUMNS,
  )
  const retention = deps.env.trashRetentionDays
  async function* withPurge() {
    for await (const row of rows) yield { ...row, purgesAt: purgeTime(row.deletedAt, retention) }
  }
  return csvStream(CSV_COLUMNS, withPurge())
}

/** What a trashed folder entry holds (what went to the trash with it), flat, with parent ids. */
export async function trashEntryContents(deps: AppDeps, who: SignedInCaller, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  const group = await loadGroup(deps.database.db, entry)
  return {
    entry: presentEntry(deps, who, entry, facts, {
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

/**
 * "Empty my trash", for everyone: the entries the caller trashed, for good, each group in its own
 * transaction with the event loop free between batches. Entries they may not delete for good (an
 * editor's own deletions: product.md §2 keeps deleting for good to administrators) stay, counted.
 */
export async function emptyMyTrash(deps: AppDeps, who: SignedInCaller) {
  const db = deps.database.db
  const scope = trashScope(who)
  const query = { sort: 'deletedAt', order: 'asc', mine: 'true' } as const
  const now = deps.clock()
  let deleted = 0
  let kept = 0
  for await (const row of keysetBatches(
    deps.database.dialect,
    visibleEntries(db, scope, query),
    query,
    TRASH_LIST_COLUMNS,
    { batchSize: 50 },
  )) {
    if (!canDeleteTrashEntry(who, rowFacts(row))) {
      kept++
      continue
    }
    await db.transaction().execute(async (trx) => {
      if (!(await trashRowExists(trx, row.id))) return
      await enqueueBlobDeletions(trx, await deleteGroup(trx, row), now)
      deleted++
    })
  }
  return { deleted, kept }
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
