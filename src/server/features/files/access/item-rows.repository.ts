import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'

// The folder and file rows an access check starts from, by id (trashed ones included: the caller
// decides what a trashed row means).

export type FolderRow = DB['folders']
export type FileRow = DB['files']

export function findFolder(db: Db, folderId: string): Promise<FolderRow | undefined> {
  return db.selectFrom('folders').selectAll().where('id', '=', folderId).executeTakeFirst()
}

export function findFile(db: Db, fileId: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst()
}
