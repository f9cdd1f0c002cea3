import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { Caller } from '../../../lib/http/caller'
import type { PutResult } from '../../../lib/storage'
import { notify } from '../../notifications/notify'
import { requireFolder } from '../access/file-access'
import { createFileRecord } from '../items/files.repository'

// What every way an upload lands shares: a tus upload's completion (uploads.service.ts) and a whole
// upload sent in its creation request (whole-upload.service.ts). Inside the transaction that lands
// it: the new file in its folder, under the name asked for or the next free one, and the
// notification; outside it, a retry when two uploads take one name at the same moment.

/** A signed-in person: uploads are made by people, never by a share link or the system. */
export type SignedIn = Extract<Caller, { kind: 'user' }>

/**
 * The new file, with the caller's editor rights on the folder checked again at the moment it lands
 * (they may have changed since the upload began), and its notification. Answers the file's id.
 */
export async function landNewFile(
  trx: Transaction<DB>,
  actor: SignedIn,
  upload: { folderId: string; filename: string; blob: PutResult; mimetype: string },
  now: Date,
): Promise<string> {
  const folder = await requireFolder(trx, actor, upload.folderId, 'editor')
  const file = await createFileRecord(trx, {
    folderId: upload.folderId,
    wantedName: upload.filename,
    blob: upload.blob,
    mimetype: upload.mimetype,
    originalname: upload.filename,
    createdBy: actor.id,
    now,
  })
  await notifyLanded(trx, actor, { ...file, folderName: folder.folder_name }, 'uploaded', now)
  return file.id
}

/** Everyone who may see the folder hears that a file arrived in it (`uploaded`) or got new content. */
export async function notifyLanded(
  trx: Transaction<DB>,
  actor: SignedIn,
  file: { id: string; filename: string; folder_id: string; folderName: string },
  action: 'uploaded' | 'updated',
  now: Date,
): Promise<void> {
  await notify(
    trx,
    {
      type: 'file',
      action,
      actor: { id: actor.id, name: actor.name },
      mainItem: file.filename,
      subItem: file.folderName,
      audience: { forAll: true },
      refs: { folder_id: file.folder_id, file_id: file.id },
    },
    now,
  )
}

/** Two uploads racing for one name: the unique index refuses the later insert; run it again. */
export async function withUniqueRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run()
    } catch (error) {
      if (i >= attempts || !isUniqueViolation(error)) throw error
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE'
}
