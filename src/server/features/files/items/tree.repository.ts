import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { yieldToEventLoop } from '../../../lib/event-loop'
import { withFolderAndAncestors } from '../access/folder-access.repository'

// Whole subtrees, for the actions that touch everything under a folder (move, copy, trash, restore,
// delete for good). Read a level at a time and in bounded statements: SQLite runs on the event loop,
// so one statement over a 100k-item subtree would hold every other request up for its whole length.
// Each statement reads at most PAGE rows, and the event loop gets a turn between statements.

const MAX_DEPTH = 256
/** Rows one statement reads at most. */
const PAGE = 2000
/** Parent folders one statement names at most. */
const PARENTS = 200

export type FolderRow = DB['folders']
export type FileRow = DB['files']

export interface Subtree {
  /** The root first, then every folder below it, level by level (parents before children). */
  folders: (FolderRow & { depth: number })[]
  /** Every file in those folders, folder by folder. */
  files: FileRow[]
}

export function loadSubtree(db: Db, rootId: string): Promise<Subtree> {
  return subtreeWithFiles(db, rootId, 'all')
}

/**
 * A subtree whose file rows hold only `columns` (and the id and sort key its pages need). For a pass
 * that reads a few fields of every file of a large subtree: a whole row is some fifteen values, and a
 * 100k-file folder's rows, held for the length of the pass, are garbage the collector copies each time
 * it runs, a pause for every other request.
 */
export async function loadSubtreeWithFileColumns<C extends FileColumn>(
  db: Db,
  rootId: string,
  columns: readonly C[],
): Promise<{ folders: Subtree['folders']; files: Pick<FileRow, C | 'id' | 'name_key'>[] }> {
  return subtreeWithFiles(db, rootId, [...new Set<FileColumn>(['id', 'name_key', ...columns])])
}

/** The subtree's folders, then its files with `columns` (typed as whole rows: the callers narrow). */
async function subtreeWithFiles(
  db: Db,
  rootId: string,
  columns: readonly FileColumn[] | 'all',
): Promise<Subtree> {
  const folders = await loadSubtreeFolders(db, rootId)
  const files = await childrenOf(
    folders.map((f) => f.id),
    fileChildren(db, columns),
  )
  return { folders, files }
}

/** The folders of a subtree only (as loadSubtree orders them): none of its files are read. */
export async function loadSubtreeFolders(db: Db, rootId: string): Promise<Subtree['folders']> {
  const root = await db.selectFrom('folders').selectAll().where('id', '=', rootId).executeTakeFirst()
  if (!root) return []
  const folders: Subtree['folders'] = [{ ...root, depth: 0 }]
  let level = [root.id]
  for (let depth = 1; level.length > 0 && depth <= MAX_DEPTH; depth++) {
    const children = await childrenOf(level, folderChildren(db))
    children.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    for (const child of children) folders.push({ ...child, depth })
    level = children.map((c) => c.id)
  }
  return folders
}

/** How one table's rows are read by parent: counted, all of a few parents, or a page of one parent. */
interface ChildQueries<Row> {
  counts(parentIds: string[]): Promise<{ parent: string; n: number | string | bigint }[]>
  all(parentIds: string[]): Promise<Row[]>
  /** One parent's rows with this trash mark after `after`, in (name_key, id) order: an index range. */
  page(parentId: string, trashed: boolean, after: Row | undefined): Promise<Row[]>
}

/**
 * Every row under `parentIds`. Parents are counted first; those with few rows are read together, up
 * to PAGE rows a statement, and a parent with more is read alone by keyset pages.
 */
async function childrenOf<Row>(parentIds: string[], q: ChildQueries<Row>): Promise<Row[]> {
  const rows: Row[] = []
  let batch: string[] = []
  let batchRows = 0
  const flush = async () => {
    if (batch.length === 0) return
    await yieldToEventLoop()
    for (const row of await q.all(batch)) rows.push(row)
    batch = []
    batchRows = 0
  }
  for (let i = 0; i < parentIds.length; i += PARENTS) {
    if (i > 0) await yieldToEventLoop()
    const chunk = parentIds.slice(i, i + PARENTS)
    const counts = new Map((await q.counts(chunk)).map((c) => [c.parent, Number(c.n)]))
    for (const parentId of chunk) {
      const n = counts.get(parentId) ?? 0
      if (n === 0) continue
      if (n > PAGE) {
        for (const trashed of [false, true]) {
          let after: Row | undefined
          for (;;) {
            await yieldToEventLoop()
            const page = await q.page(parentId, trashed, after)
            for (const row of page) rows.push(row)
            after = page.at(-1)
            if (page.length < PAGE) break
          }
        }
        continue
      }
      if (batchRows + n > PAGE || batch.length >= PARENTS) await flush()
      batch.push(parentId)
      batchRows += n
    }
  }
  await flush()
  return rows
}

function folderChildren(db: Db): ChildQueries<FolderRow> {
  return {
    counts: (parentIds) =>
      db
        .selectFrom('folders')
        .select((eb) => [eb.ref('parent_id').$castTo<string>().as('parent'), eb.fn.countAll().as('n')])
        .where('parent_id', 'in', parentIds)
        .groupBy('parent_id')
        .execute() as Promise<{ parent: string; n: number }[]>,
    all: (parentIds) => db.selectFrom('folders').selectAll().where('parent_id', 'in', parentIds).execute(),
    page: (parentId, trashed, after) => {
      let q = db
        .selectFrom('folders')
        .selectAll()
        .where('parent_id', '=', parentId)
        .where('isTrashed', '=', trashed)
      if (after)
        q = q.where((eb) => eb(eb.refTuple('name_key', 'id'), '>', eb.tuple(after.name_key, after.id)))
      return q.orderBy('name_key').orderBy('id').limit(PAGE).execute()
    },
  }
}

type FileColumn = keyof FileRow & string

/** Files by folder: whole rows, or only `columns` (still typed as whole rows: the caller narrows). */
function fileChildren(db: Db, columns: readonly FileColumn[] | 'all'): ChildQueries<FileRow> {
  const from = () => db.selectFrom('files')
  const select = (q: ReturnType<typeof from>) => (columns === 'all' ? q.selectAll() : q.select(columns))
  return {
    counts: (parentIds) =>
      from()
        .select((eb) => [eb.ref('folder_id').as('parent'), eb.fn.countAll().as('n')])
        .where('folder_id', 'in', parentIds)
        .groupBy('folder_id')
        .execute() as Promise<{ parent: string; n: number }[]>,
    all: (parentIds) => select(from()).where('folder_id', 'in', parentIds).execute() as Promise<FileRow[]>,
    page: (parentId, trashed, after) => {
      let q = select(from()).where('folder_id', '=', parentId).where('isTrashed', '=', trashed)
      if (after)
        q = q.where((eb) => eb(eb.refTuple('name_key', 'id'), '>', eb.tuple(after.name_key, after.id)))
      return q.orderBy('name_key').orderBy('id').limit(PAGE).execute() as Promise<FileRow[]>
    },
  }
}

/** Is `candidateId` the folder `rootId` or one below it? */
export async function isInSubtree(db: Db, rootId: string, candidateId: string): Promise<boolean> {
  const row = await withFolderAndAncestors(db, candidateId)
    .selectFrom('up')
    .select('id')
    .where('id', '=', rootId)
    .executeTakeFirst()
  return row !== undefined
}

/** The folder's ancestors' rows, nearest first (for breadcrumbs and paths). */
export async function loadAncestors(db: Db, folderId: string): Promise<FolderRow[]> {
  return withFolderAndAncestors(db, folderId)
    .selectFrom('folders')
    .innerJoin('up', 'up.id', 'folders.id')
    .selectAll('folders')
    .orderBy('up.depth')
    .execute()
}
