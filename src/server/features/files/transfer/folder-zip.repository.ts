import type { Db } from '../../../db/db'

// The metadata a folder's zip is written from: folders by level and their files, in name order.

export interface ZipFolderRow {
  id: string
  folder_name: string
  parent_id: string | null
  updatedAt: string
}

export function zipFolder(db: Db, folderId: string): Promise<ZipFolderRow | undefined> {
  return db
    .selectFrom('folders')
    .select(['id', 'folder_name', 'parent_id', 'updatedAt'])
    .where('id', '=', folderId)
    .executeTakeFirst()
}

/** The untrashed subfolders of the given folders, by name. */
export function zipSubfolders(db: Db, parentIds: readonly string[]): Promise<ZipFolderRow[]> {
  return db
    .selectFrom('folders')
    .select(['id', 'folder_name', 'parent_id', 'updatedAt'])
    .where('parent_id', 'in', parentIds)
    .where('isTrashed', '=', false)
    .orderBy('folder_name')
    .execute()
}

/** The untrashed files in the given folders, by name. */
export function zipFiles(db: Db, folderIds: readonly string[]) {
  return db
    .selectFrom('files')
    .select(['folder_id', 'filename', 'size', 'path', 'updatedAt'])
    .where('folder_id', 'in', folderIds)
    .where('isTrashed', '=', false)
    .orderBy('filename')
    .execute()
}
