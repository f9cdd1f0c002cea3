import type { Readable } from 'node:stream'
import { NAME_PROBLEM_MESSAGES, nameProblem } from '../../../../shared/names'
import type { AppDeps } from '../../../deps'
import type { RequestOrigin } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { BlobTooLargeError } from '../../../lib/storage'
import { discardBlobOfFailedWrite } from '../../../lib/storage/blob-deletions'
import { recordAudit } from '../../audit/audit.service'
import { notify } from '../../notifications/notify'
import { createFileRecord } from '../items/files.repository'
import { detectBlobMimeType } from '../transfer/content-type'
import { reserveStorage } from '../transfer/storage-quota'
import { dropRefused, dropRoom, throttleDrop } from './file-drop-limits'
import { openLink, requireAction } from './share-link-open.service'
import { countFileDrop, folderPath } from './share-links.repository'

// A file drop link (upload only): visitors add files to the shared folder and see nothing of it.

/**
 * A visitor drops a file into a file-drop link's folder. It is the creator's file (their quota, their
 * name as its uploader); they are notified, and the drop is audited.
 */
export async function dropFile(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  input: {
    name: string
    /** Who says they send it (the link's page asks); null from a script that did not say. */
    sender: { name: string; email: string } | null
    body: Readable | AsyncIterable<Uint8Array>
    contentLength: number | undefined
  },
  from: RequestOrigin & { ipAddress: string },
) {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'upload')
  const { link, creator } = opened
  const problem = nameProblem(input.name)
  if (problem) throw problems.validation({ name: [NAME_PROBLEM_MESSAGES[problem]] })
  await throttleDrop(deps, link.id, from.ipAddress)
  // Refused before a byte is read when the length says so, else as soon as the stream passes it.
  const room = await dropRoom(deps, opened)
  if (input.contentLength !== undefined && input.contentLength > room.bytes) throw room.refusal()

  let blob: Awaited<ReturnType<typeof deps.storage.put>>
  try {
    blob = await deps.storage.put(input.body, { maxBytes: room.bytes })
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw room.refusal()
    throw error
  }
  const name = input.name.normalize('NFC')
  const db = deps.database.db
  try {
    const mimetype = await detectBlobMimeType(deps.storage, blob, name)
    return await db.transaction().execute(async (trx) => {
      const now = deps.clock()
      await reserveStorage(trx, deps, creator, blob.size, now, 'upload')
      const file = await createFileRecord(trx, {
        folderId: link.item_id,
        wantedName: name,
        blob,
        mimetype,
        originalname: name,
        createdBy: creator.id,
        now,
      })
      // Another drop may have taken the last of the link's files or bytes meanwhile.
      if (!(await countFileDrop(trx, link.id, blob.size, now))) throw await dropRefused(trx, link.id)
      const folder = await folderPath(trx, link.item_id)
      await recordAudit(
        trx,
        {
          action: 'share_link.file_dropped',
          target: { type: 'file', id: file.id },
          from,
          details: { link: link.id, size: blob.size, ...(input.sender ? { sender: input.sender } : {}) },
        },
        now,
      )
      await notify(
        trx,
        {
          type: 'file',
          action: 'uploaded',
          actor: {
            id: null,
            name: input.sender
              ? `${input.sender.name} (${input.sender.email}) through a file drop link`
              : 'A visitor through a file drop link',
          },
          mainItem: file.filename,
          subItem: folder[0]?.folder_name ?? null,
          audience: { forUsers: [creator.id] },
          refs: { folder_id: file.folder_id, file_id: file.id },
        },
        now,
      )
      return { filename: file.filename, size: blob.size }
    })
  } catch (error) {
    const refused = error instanceof HttpProblem && error.status < 500
    await discardBlobOfFailedWrite(db, deps.storage, blob.key, deps.clock(), refused)
    throw error
  }
}
