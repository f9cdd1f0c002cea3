import { type SqlBool, sql } from 'kysely'
import { nameKey } from '../../../../shared/names'
import type { Db } from '../../../db/db'
import { withReadableFolders } from '../access/folder-access.repository'
import type { FileRow, FolderRow } from '../access/item-rows.repository'

// The rows behind the home views (top-level folders, the caller's grants) and the name search.

/** Untrashed top-level folders: all of them, or only the public ones. */
export function topFolders(db: Db, which: 'all' | 'public'): Promise<FolderRow[]> {
  let query = db.selectFrom('folders').selectAll().where('parent_id', 'is', null)
  if (which === 'public') query = query.where('type', '=', 'public')
  return query.where('isTrashed', '=', false).execute()
}

/** Untrashed top-level folders the user holds administrator on. */
export function administeredTopFolders(db: Db, userId: string): Promise<FolderRow[]> {
  return db
    .selectFrom('folders as f')
    .innerJoin('folder_permissions as p', 'p.folder_id', 'f.id')
    .selectAll('f')
    .where('f.parent_id', 'is', null)
    .where('f.isTrashed', '=', false)
    .where('p.user_id', '=', userId)
    .where('p.permissionType', '=', 'administrator')
    .execute()
}

/** Every untrashed folder the user holds a grant on, with the grant's level. */
export function grantedFolders(db: Db, userId: string) {
  return db
    .selectFrom('folders as f')
    .innerJoin('folder_permissions as p', 'p.folder_id', 'f.id')
    .selectAll('f')
    .select('p.permissionType')
    .where('f.isTrashed', '=', false)
    .where('p.user_id', '=', userId)
    .execute()
}

/**
 * Untrashed folders and files whose lower-cased name matches `pattern` (a LIKE pattern), at most
 * `limit` of each, by name. With `filter`, only those in folders `userId` can open (the empty id is
 * nobody in particular, who opens exactly the public tree).
 */
export async function searchByName(
  db: Db,
  pattern: string,
  readableBy: { userId: string; filter: boolean },
  limit: number,
): Promise<{ folders: FolderRow[]; files: FileRow[] }> {
  // An unreferenced CTE is not evaluated: without the filter it costs nothing.
  const base = withReadableFolders(db, readableBy.userId)
  let folderQuery = base
    .selectFrom('folders as f')
    .selectAll('f')
    .where('f.isTrashed', '=', false)
    .where(sql<SqlBool>`lower(${sql.ref('f.folder_name')}) like ${pattern} escape '\\'`)
  let fileQuery = base
    .selectFrom('files as fi')
    .selectAll('fi')
    .where('fi.isTrashed', '=', false)
    .where(sql<SqlBool>`lower(${sql.ref('fi.filename')}) like ${pattern} escape '\\'`)
  if (readableBy.filter) {
    folderQuery = folderQuery.where('f.id', 'in', sql<string>`(select id from readable_folders)`)
    fileQuery = fileQuery.where('fi.folder_id', 'in', sql<string>`(select id from readable_folders)`)
  }
  const [folders, files] = await Promise.all([
    folderQuery.orderBy('f.folder_name').limit(limit).execute(),
    fileQuery.orderBy('fi.filename').limit(limit).execute(),
  ])
  return { folders, files }
}

/** The names of the given folders, by id. */
export async function folderNames(db: Db, folderIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  if (folderIds.length === 0) return names
  const rows = await db
    .selectFrom('folders')
    .select(['id', 'folder_name'])
    .where('id', 'in', folderIds)
    .execute()
  for (const row of rows) names.set(row.id, row.folder_name)
  return names
}

/** The id of an untrashed top-level folder named `name` (by its name key) that the user administers. */
export async function administeredTopFolderNamed(
  db: Db,
  userId: string,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('folders as f')
    .innerJoin('folder_permissions as p', 'p.folder_id', 'f.id')
    .select('f.id')
    .where('f.parent_id', 'is', null)
    .where('f.isTrashed', '=', false)
    .where('f.name_key', '=', nameKey(name))
    .where('p.user_id', '=', userId)
    .where('p.permissionType', '=', 'administrator')
    .executeTakeFirst()
  return row?.id
}
