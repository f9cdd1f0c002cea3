import type { Transaction } from 'kysely'
import { nameKey } from '../../../../shared/names'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { newId } from '../../../lib/ids'
import type { FileRow } from '../access/item-rows.repository'
import { claimFreeName } from './names.repository'

// File rows. createFileRecord() is the one way to add a file row to a folder: uploads, copies and
// restores all come through it, so a new file never overwrites and never takes a name a subfolder
// holds. Call it inside the caller's transaction; it locks the folder's names until that transaction
// ends.

export interface NewFileRecord {
  folderId: string
  /** The name asked for; the first free one in the folder is used (`report (1).pdf`). */
  wantedName: string
  /** The stored blob, as BlobStore.put returned it. */
  blob: { key: string; size: number; sha256: string | null; sha1: string | null; md5: string | null }
  mimetype: string
  originalname: string
  createdBy: string | null
  now: Date
}

export async function createFileRecord(trx: Transaction<DB>, input: NewFileRecord) {
  const filename = await claimFreeName(trx, input.folderId, input.wantedName)
  const stamp = input.now.toISOString()
  const row = {
    id: newId(input.now.getTime()),
    filename,
    name_key: nameKey(filename),
    mimetype: input.mimetype,
    originalname: input.originalname,
    path: input.blob.key,
    size: input.blob.size,
    folder_id: input.folderId,
    isTrashed: false,
    createdBy: input.createdBy,
    sha256: input.blob.sha256,
    sha1: input.blob.sha1,
    md5: input.blob.md5,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await trx.insertInto('files').values(row).execute()
  return row
}

export async function updateFileRow(
  db: Db,
  fileId: string,
  changes: Partial<Omit<FileRow, 'id'>>,
): Promise<void> {
  await db.updateTable('files').set(changes).where('id', '=', fileId).execute()
}
