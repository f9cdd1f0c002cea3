import type { Transaction } from 'kysely'
import { nameKey } from '../../../../shared/names'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { newId } from '../../../lib/ids'
import type { FolderRow } from '../access/item-rows.repository'

// Folder rows: adding one, its subfolders, changing it, its name.

export async function insertFolderRow(
  trx: Transaction<DB>,
  input: {
    name: string
    type: FolderRow['type']
    parentId: string | null
    createdBy: string | null
    now: Date
  },
): Promise<FolderRow> {
  const stamp = input.now.toISOString()
  const row: FolderRow = {
    id: newId(input.now.getTime()),
    folder_name: input.name,
    name_key: nameKey(input.name),
    type: input.type,
    isTrashed: false,
    parent_id: input.parentId,
    createdBy: input.createdBy,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await trx.insertInto('folders').values(row).execute()
  return row
}

export async function updateFolderRow(
  db: Db,
  folderId: string,
  changes: Partial<Omit<FolderRow, 'id'>>,
): Promise<void> {
  await db.updateTable('folders').set(changes).where('id', '=', folderId).execute()
}

/** A folder's id and name, trashed or not. */
export function folderName(db: Db, folderId: string) {
  return db.selectFrom('folders').select(['id', 'folder_name']).where('id', '=', folderId).executeTakeFirst()
}
