import type { Selectable, Transaction } from 'kysely'
import { firstFreeName, nameKey } from '../../../shared/names'
import type { DB, FilesTable } from '../../db/schema'
import { newId } from '../../lib/ids'

// PROVISIONAL (files-transfer): the files-core work owns this module and replaces it at merge with the
// same signature. Uploads only need "insert a file row under the first free name in its folder".

export interface NewFileRecord {
  folderId: string
  wantedName: string
  blob: { key: string; size: number; sha256: string }
  mimetype: string
  originalname: string
  createdBy: string | null
  now: Date
}

/**
 * Inserts the file under the first name not taken by an untrashed file or subfolder of the folder
 * (`report (1).pdf`: uploads never overwrite). Run it in the transaction that also notifies. Two
 * concurrent uploads of one name: the unique index on (folder_id, name_key) refuses the second insert,
 * and the caller retries its transaction, which then sees the first name taken.
 */
export async function createFileRecord(
  trx: Transaction<DB>,
  input: NewFileRecord,
): Promise<Selectable<FilesTable>> {
  const [files, folders] = await Promise.all([
    trx
      .selectFrom('files')
      .select('name_key')
      .where('folder_id', '=', input.folderId)
      .where('isTrashed', '=', false)
      .execute(),
    trx
      .selectFrom('folders')
      .select('name_key')
      .where('parent_id', '=', input.folderId)
      .where('isTrashed', '=', false)
      .execute(),
  ])
  const taken = new Set([...files, ...folders].map((r) => r.name_key))
  const filename = firstFreeName(input.wantedName, taken)
  const stamp = input.now.toISOString()
  const row = {
    id: newId(),
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
    createdAt: stamp,
    updatedAt: stamp,
  }
  await trx.insertInto('files').values(row).execute()
  return row
}
