import { nameKey } from '../../../../shared/names'
import type { Db } from '../../../db/db'
import type { FolderRow } from '../access/item-rows.repository'

// The rows behind the home views (top-level folders, the caller's grants) and the search's folder names.

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
