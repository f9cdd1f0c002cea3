import { sql } from 'kysely'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { withFolderAndAncestors } from '../access/folder-access.repository'

// Whole subtrees, for the actions that touch everything under a folder (move, copy, trash, restore,
// delete for good). One recursive query for the folders, one for their files.

const MAX_DEPTH = 256

export type FolderRow = DB['folders']
export type FileRow = DB['files']

export interface Subtree {
  /** The root first, then every folder below it, parents before children. */
  folders: (FolderRow & { depth: number })[]
  files: FileRow[]
}

export async function loadSubtree(db: Db, rootId: string): Promise<Subtree> {
  const folders = await db
    .withRecursive('sub(id, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['id', sql<number>`0`.as('depth')])
        .where('id', '=', rootId)
        .unionAll(
          qb
            .selectFrom('folders as f')
            .innerJoin('sub as s', 's.id', 'f.parent_id')
            .select(['f.id', sql<number>`s.depth + 1`.as('depth')])
            .where('s.depth', '<', MAX_DEPTH),
        ),
    )
    .selectFrom('folders')
    .innerJoin('sub', 'sub.id', 'folders.id')
    .selectAll('folders')
    .select('sub.depth')
    .orderBy('sub.depth')
    .orderBy('folders.id')
    .execute()
  const ids = folders.map((f) => f.id)
  const files = ids.length
    ? await db.selectFrom('files').selectAll().where('folder_id', 'in', ids).orderBy('id').execute()
    : []
  return { folders: folders.map((f) => ({ ...f, depth: Number(f.depth) })), files }
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
