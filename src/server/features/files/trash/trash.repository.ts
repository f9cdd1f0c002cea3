import type { Transaction } from 'kysely'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { filterInTurns, forEachChunk, yieldToEventLoop } from '../../../lib/event-loop'
import { newId } from '../../../lib/ids'
import {
  type FileRow,
  type FolderRow,
  loadSubtreeFolders,
  loadSubtreeWithFileColumns,
} from '../items/tree.repository'
import { versionPathsOf } from '../versions/file-versions.repository'
import { type TrashRow, takeEntryRow } from './trash-entries.repository'
import { restoreFilesOf, trashFilesOf } from './trash-files.repository'

// The trash's rows (product.md §2 "Trash"). Trashing X marks X and every not-yet-trashed item below it;
// X's entry has deleted_singly = true, the others false. A group is an entry and what went with it:
// the walk down from X follows only items whose entry says deleted_singly = false, so what was trashed
// on its own earlier (its own group) is left where it is.
//
// When a folder is deleted for good while an earlier, separate deletion inside it still waits in the
// trash, the folder's row stays as a *tombstone* (trashed, no entry) so that item keeps its place; the
// item's parent then counts as gone, and sweepTombstones() removes tombstones once they hold nothing.

/** deleteGroup() found its entry gone: restored or deleted for good by a request that came first. */
export class TrashEntryGone extends Error {
  constructor() {
    super('the trash entry is gone')
  }
}

/** Folders one statement names at most. */
const FOLDERS_PER_STATEMENT = 200

/** What the trash does with a group's files needs these fields only (see loadSubtreeWithFileColumns). */
const GROUP_FILE_COLUMNS = ['filename', 'folder_id', 'isTrashed', 'mimetype', 'size', 'path'] as const

export interface Group {
  folders: (FolderRow & { depth: number })[]
  files: Pick<FileRow, (typeof GROUP_FILE_COLUMNS)[number] | 'id' | 'name_key'>[]
}

/**
 * Trashes the untrashed part of a subtree (or one file) and records the entries: how many items went,
 * and the id of the root's entry (the one a restore names). The folders are walked here (a tree has
 * few of them); their files are trashed by the folder in SQL (trash-files.repository.ts).
 */
export async function markTrashed(
  trx: Transaction<DB>,
  root: { type: 'file'; row: FileRow } | { type: 'folder'; row: FolderRow },
  parent: { id: string; folder_name: string } | null,
  trashedBy: string | null,
  now: Date,
): Promise<{ count: number; entryId: string }> {
  const stamp = now.toISOString()
  if (root.type === 'file') {
    await trx
      .updateTable('files')
      .set({ isTrashed: true, updatedAt: stamp })
      .where('id', '=', root.row.id)
      .execute()
    const only = entry('file', root.row.id, root.row.filename, parent, true, trashedBy, stamp)
    await insertEntries(trx, [only])
    return { count: 1, entryId: only.id }
  }
  const folders = await loadSubtreeFolders(trx, root.row.id)
  const names = new Map(folders.map((f) => [f.id, f.folder_name]))
  const live = new Set<string>([root.row.id])
  const entries = [entry('folder', root.row.id, root.row.folder_name, parent, true, trashedBy, stamp)]
  for (const f of folders) {
    if (f.id === root.row.id || f.isTrashed || !f.parent_id || !live.has(f.parent_id)) continue
    live.add(f.id)
    entries.push(
      entry(
        'folder',
        f.id,
        f.folder_name,
        { id: f.parent_id, folder_name: names.get(f.parent_id)! },
        false,
        trashedBy,
        stamp,
      ),
    )
  }
  const folderIds = [...live]
  await forEachChunk(folderIds, FOLDERS_PER_STATEMENT, (chunk) =>
    trx.updateTable('folders').set({ isTrashed: true, updatedAt: stamp }).where('id', 'in', chunk).execute(),
  )
  await insertEntries(trx, entries)
  let files = 0
  await forEachChunk(folderIds, FOLDERS_PER_STATEMENT, async (chunk) => {
    files += await trashFilesOf(trx, chunk, trashedBy, now)
  })
  return { count: entries.length + files, entryId: entries[0]!.id }
}

function entry(
  item_type: 'file' | 'folder',
  item_id: string,
  filename: string,
  parent: { id: string; folder_name: string } | null,
  deleted_singly: boolean,
  trashedBy: string | null,
  deletedAt: string,
): TrashRow {
  return {
    id: newId(),
    item_type,
    item_id,
    filename,
    folder_id: parent?.id ?? null,
    folder_name: parent?.folder_name ?? null,
    deleted_singly,
    deletedAt,
    trashedBy,
  }
}

async function insertEntries(trx: Transaction<DB>, rows: TrashRow[]) {
  await forEachChunk(rows, 100, (chunk) => trx.insertInto('trash_items').values(chunk).execute())
}

/** The entry's item and everything that went to the trash with it (not earlier, separate deletions). */
export async function loadGroup(db: Db, entry: TrashRow): Promise<Group> {
  if (entry.item_type === 'file') {
    const file = await db.selectFrom('files').selectAll().where('id', '=', entry.item_id).executeTakeFirst()
    return { folders: [], files: file ? [file] : [] }
  }
  const tree = await loadSubtreeWithFileColumns(db, entry.item_id, GROUP_FILE_COLUMNS)
  if (tree.folders.length === 0) return { folders: [], files: [] }
  const ids = [...tree.folders.map((f) => f.id), ...tree.files.map((f) => f.id)]
  const withEntries = new Map<string, boolean>()
  for (let i = 0; i < ids.length; i += 500) {
    if (i > 0) await yieldToEventLoop()
    const rows = await db
      .selectFrom('trash_items')
      .select(['item_id', 'deleted_singly'])
      .where('item_id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const r of rows) withEntries.set(r.item_id, r.deleted_singly)
  }
  const inGroup = new Set<string>([entry.item_id])
  const goesWith = (id: string, parentId: string | null) =>
    parentId !== null && inGroup.has(parentId) && withEntries.get(id) === false
  const folders = tree.folders.filter((f) => {
    if (f.id === entry.item_id) return true
    if (!goesWith(f.id, f.parent_id)) return false
    inGroup.add(f.id)
    return true
  })
  const files = await filterInTurns(tree.files, (f) => goesWith(f.id, f.folder_id))
  return { folders, files }
}

/** Is this folder gone as far as a restore is concerned: deleted, or only a tombstone? */
export async function folderState(db: Db, folderId: string): Promise<'alive' | 'trashed' | 'gone'> {
  const folder = await db
    .selectFrom('folders')
    .select(['id', 'isTrashed'])
    .where('id', '=', folderId)
    .executeTakeFirst()
  if (!folder) return 'gone'
  if (!folder.isTrashed) return 'alive'
  const held = await db
    .selectFrom('trash_items')
    .select('id')
    .where('item_type', '=', 'folder')
    .where('item_id', '=', folderId)
    .executeTakeFirst()
  return held ? 'trashed' : 'gone'
}

/** The entry whose group holds this trashed folder (itself if trashed on its own). */
export async function groupRootEntry(db: Db, folderId: string): Promise<TrashRow | undefined> {
  let current: string | null = folderId
  for (let depth = 0; current && depth < 256; depth++) {
    const own = await db
      .selectFrom('trash_items')
      .selectAll()
      .where('item_type', '=', 'folder')
      .where('item_id', '=', current)
      .executeTakeFirst()
    if (!own) return undefined
    if (own.deleted_singly) return own
    const row: { parent_id: string | null } | undefined = await db
      .selectFrom('folders')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst()
    current = row?.parent_id ?? null
  }
  return undefined
}

/**
 * Deletes a group for good: its entries and rows, and queues its blobs. A folder that still holds an
 * earlier separate deletion stays as a tombstone. Returns the blob keys queued.
 */
export async function deleteGroup(trx: Transaction<DB>, entry: TrashRow): Promise<string[]> {
  const group = await loadGroup(trx, entry)
  const ids = [...group.folders.map((f) => f.id), ...group.files.map((f) => f.id)]
  // The entry's own row goes with its item's, or on its own when the item itself is gone. Not finding
  // it means a restore or another deletion of the entry came first (PostgreSQL: this waited for it).
  let taken = false
  await forEachChunk(ids, 200, async (chunk) => {
    const rows = await trx.deleteFrom('trash_items').where('item_id', 'in', chunk).returning('id').execute()
    taken ||= rows.some((row) => row.id === entry.id)
  })
  if (!ids.includes(entry.item_id)) taken = await takeEntryRow(trx, entry.id)
  if (!taken) throw new TrashEntryGone()
  const fileIds = group.files.map((f) => f.id)
  // The files' versions go with them (the rows by cascade): their blobs are queued too.
  const versionKeys: string[] = []
  await forEachChunk(fileIds, 200, async (chunk) => {
    versionKeys.push(...(await versionPathsOf(trx, chunk)))
  })
  await forEachChunk(fileIds, 200, (chunk) => trx.deleteFrom('files').where('id', 'in', chunk).execute())
  // Deepest first: a folder goes once nothing is left in it; one that still holds another deletion stays.
  const folders = [...group.folders].sort((a, b) => b.depth - a.depth)
  for (const f of folders) await deleteIfEmpty(trx, f.id)
  await sweepTombstones(
    trx,
    entry.item_type === 'file' ? (group.files[0]?.folder_id ?? entry.folder_id) : entry.folder_id,
  )
  return [...group.files.map((f) => f.path), ...versionKeys]
}

async function deleteIfEmpty(trx: Transaction<DB>, folderId: string): Promise<boolean> {
  const child = await trx
    .selectFrom('folders')
    .select('id')
    .where('parent_id', '=', folderId)
    .executeTakeFirst()
  if (child) return false
  const file = await trx.selectFrom('files').select('id').where('folder_id', '=', folderId).executeTakeFirst()
  if (file) return false
  await trx.deleteFrom('folders').where('id', '=', folderId).execute()
  return true
}

/** Removes tombstones (trashed folders without an entry) that hold nothing, from `folderId` upwards. */
export async function sweepTombstones(trx: Transaction<DB>, folderId: string | null): Promise<void> {
  let current = folderId
  for (let depth = 0; current && depth < 256; depth++) {
    const row = await trx
      .selectFrom('folders')
      .select(['id', 'parent_id', 'isTrashed'])
      .where('id', '=', current)
      .executeTakeFirst()
    if (!row?.isTrashed) return
    if ((await folderState(trx, row.id)) !== 'gone') return
    if (!(await deleteIfEmpty(trx, row.id))) return
    current = row.parent_id
  }
}

/**
 * The folders of an entry's group, the root first (none for a file's entry): the walk of loadGroup
 * over folders only, since a restore moves the group's files in SQL.
 */
export async function loadGroupFolders(db: Db, entry: TrashRow): Promise<Group['folders']> {
  if (entry.item_type === 'file') return []
  const tree = await loadSubtreeFolders(db, entry.item_id)
  const withEntries = new Map<string, boolean>()
  await forEachChunk(
    tree.map((f) => f.id),
    500,
    async (chunk) => {
      const rows = await db
        .selectFrom('trash_items')
        .select(['item_id', 'deleted_singly'])
        .where('item_type', '=', 'folder')
        .where('item_id', 'in', chunk)
        .execute()
      for (const r of rows) withEntries.set(r.item_id, r.deleted_singly)
    },
  )
  const inGroup = new Set<string>([entry.item_id])
  return tree.filter((f) => {
    if (f.id === entry.item_id) return true
    if (f.parent_id === null || !inGroup.has(f.parent_id) || withEntries.get(f.id) !== false) return false
    inGroup.add(f.id)
    return true
  })
}

/**
 * Clears the trash mark of what went to the trash with a group's root (the restore places and names
 * the root itself) and drops the rest of the group's trash rows (the entry's own is taken first:
 * takeEntryRow): how many items the group held.
 */
export async function unmarkGroup(
  trx: Transaction<DB>,
  entry: TrashRow,
  folders: Group['folders'],
  stamp: string,
): Promise<number> {
  // A file's one row is its entry's, which the restore took first (takeEntryRow).
  if (entry.item_type === 'file') return 1
  const below = folders.filter((f) => f.id !== entry.item_id).map((f) => f.id)
  await forEachChunk(below, FOLDERS_PER_STATEMENT, (chunk) =>
    trx.updateTable('folders').set({ isTrashed: false, updatedAt: stamp }).where('id', 'in', chunk).execute(),
  )
  const folderIds = folders.map((f) => f.id)
  let files = 0
  await forEachChunk(folderIds, FOLDERS_PER_STATEMENT, async (chunk) => {
    files += await restoreFilesOf(trx, chunk, stamp)
  })
  await forEachChunk(folderIds, FOLDERS_PER_STATEMENT, (chunk) =>
    trx.deleteFrom('trash_items').where('item_type', '=', 'folder').where('item_id', 'in', chunk).execute(),
  )
  return folderIds.length + files
}
