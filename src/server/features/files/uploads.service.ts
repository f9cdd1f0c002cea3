import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { NAME_PROBLEM_MESSAGES, nameProblem, normalizeName } from '../../../shared/names'
import type { AppDeps } from '../../deps'
import type { Caller } from '../../lib/http/caller'
import { HttpProblem, problems } from '../../lib/http/problem'
import { newId } from '../../lib/ids'
import { notify } from '../notifications/notify'
import { enqueueBlobDeletions } from './blob-deletions'
import { detectMimeType } from './content-type'
import { requireFile, requireFolder } from './file-access'
import { createFileRecord } from './file-records'
import { reserveStorage } from './storage-quota'
import {
  appendToStaging,
  ChunkTooLongError,
  createStagingFile,
  removeStaging,
  stagedBytes,
  stagingPath,
} from './upload-staging'

// Resumable uploads, the tus 1.0 core protocol with the creation, creation-with-upload, termination
// and expiration extensions (docs/decisions/0028). The routes speak HTTP; this file decides and
// moves the bytes:
//  create   checks size, name and editor rights on the target and reserves quota before any byte is sent;
//  append   streams one PATCH body (or the creation's own) onto the staging file at the offset the
//           client claims;
//  complete when the last byte lands, or at once for an empty upload: the staging file streams into
//           the BlobStore under a new key,
//           the file row and its notification commit in one transaction, the staging file goes.
// Until completion nothing of the upload is visible in the file manager.

export interface UploadMetadata {
  filename?: string
  folder_id?: string
  file_id?: string
  filetype?: string
}

export interface CreatedUpload {
  id: string
  expiresAt: string
}

type SignedIn = Extract<Caller, { kind: 'user' }>

export async function createUpload(
  deps: AppDeps,
  actor: SignedIn,
  input: { length: number; metadata: UploadMetadata },
): Promise<CreatedUpload> {
  const { length, metadata } = input
  const db = deps.database.db
  const { maxBytes, expiryMs } = deps.env.uploads
  if (length > maxBytes) {
    throw new HttpProblem(413, 'upload_too_large', `Files can be at most ${maxBytes} bytes.`)
  }
  let filename: string
  let folderId: string | null = null
  let fileId: string | null = null
  if (metadata.file_id) {
    const { file } = await requireFile(db, actor, metadata.file_id, 'editor')
    fileId = file.id
    filename = file.filename
  } else {
    if (!metadata.folder_id)
      throw problems.validation({ folder_id: ['Say which folder the file goes into.'] })
    const wanted = normalizeName(metadata.filename ?? '')
    const problem = nameProblem(wanted)
    if (problem) throw problems.validation({ filename: [NAME_PROBLEM_MESSAGES[problem]] })
    const folder = await requireFolder(db, actor, metadata.folder_id, 'editor')
    folderId = folder.id
    filename = wanted
  }

  const id = newId()
  const now = deps.clock()
  const expiresAt = new Date(now.getTime() + expiryMs).toISOString()
  await createStagingFile(deps.env.dataDir, id)
  try {
    // The session is the quota reservation: checked and written under the user's lock.
    await db.transaction().execute(async (trx) => {
      await reserveStorage(trx, deps, actor, length, now, 'upload')
      await trx
        .insertInto('upload_sessions')
        .values({
          id,
          user_id: actor.id,
          folder_id: folderId,
          file_id: fileId,
          filename,
          declared_type: metadata.filetype?.slice(0, 255) ?? null,
          length,
          createdAt: now.toISOString(),
          expiresAt,
        })
        .execute()
    })
  } catch (error) {
    await removeStaging(deps.env.dataDir, id)
    throw error
  }
  return { id, expiresAt }
}

async function loadSession(deps: AppDeps, actor: SignedIn, id: string) {
  const session = await deps.database.db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', actor.id)
    .executeTakeFirst()
  if (!session || Date.parse(session.expiresAt) <= deps.clock().getTime()) {
    throw problems.notFound('This upload does not exist or has expired. Start it again.')
  }
  return session
}

/** HEAD: how many bytes the server holds, so a client that lost its connection knows where to go on. */
export async function uploadOffset(deps: AppDeps, actor: SignedIn, id: string) {
  const session = await loadSession(deps, actor, id)
  const offset = await stagedBytes(deps.env.dataDir, id)
  if (offset === undefined)
    throw problems.notFound('This upload does not exist or has expired. Start it again.')
  return { offset, length: Number(session.length), expiresAt: session.expiresAt }
}

/** One PATCH at a time per upload in this process: two writers appending would interleave bytes. */
const busy = new Set<string>()

export async function appendUpload(
  deps: AppDeps,
  actor: SignedIn,
  id: string,
  input: { offset: number; body: Readable | AsyncIterable<Uint8Array>; contentLength?: number },
): Promise<{ offset: number; fileId?: string; expiresAt?: string }> {
  const session = await loadSession(deps, actor, id)
  if (busy.has(id)) {
    throw problems.conflict(
      'Another request is still writing to this upload. Ask for its offset again.',
      'upload_busy',
    )
  }
  busy.add(id)
  try {
    const length = Number(session.length)
    const current = await stagedBytes(deps.env.dataDir, id)
    if (current === undefined)
      throw problems.notFound('This upload does not exist or has expired. Start it again.')
    if (input.offset !== current) {
      throw new HttpProblem(
        409,
        'offset_mismatch',
        `The upload is at byte ${current}, not ${input.offset}.`,
        undefined,
        {
          'Upload-Offset': String(current),
        },
      )
    }
    // A body announced longer than what is left is refused before a byte of it is read.
    if (input.contentLength !== undefined && input.contentLength > length - current) {
      throw new HttpProblem(
        413,
        'upload_too_large',
        `This upload has ${length - current} bytes left to send, not ${input.contentLength}.`,
      )
    }
    let offset = current
    if (current < length) {
      try {
        offset = await appendToStaging(deps.env.dataDir, id, input.body, length - current)
      } catch (error) {
        // A dropped connection is what tus is for: the bytes that arrived are kept, HEAD reports them.
        if (isDisconnect(error)) {
          throw new HttpProblem(
            400,
            'upload_interrupted',
            'The connection dropped. Ask for the offset and go on.',
          )
        }
        if (error instanceof ChunkTooLongError)
          throw new HttpProblem(
            413,
            'upload_too_large',
            'The request carried more bytes than Upload-Length announced.',
          )
        throw error
      }
    }
    const now = deps.clock()
    const expiresAt = new Date(now.getTime() + deps.env.uploads.expiryMs).toISOString()
    await deps.database.db.updateTable('upload_sessions').set({ expiresAt }).where('id', '=', id).execute()
    if (offset < length) return { offset, expiresAt }
    const fileId = await completeUpload(deps, actor, session)
    return { offset, fileId }
  } finally {
    busy.delete(id)
  }
}

type Session = Awaited<ReturnType<typeof loadSession>>

async function completeUpload(deps: AppDeps, actor: SignedIn, session: Session): Promise<string> {
  const db = deps.database.db
  const staging = stagingPath(deps.env.dataDir, session.id)
  const mimetype = await detectMimeType(staging, session.filename)
  const blob = await deps.storage.put(createReadStream(staging, { highWaterMark: 1 << 20 }), {
    maxBytes: Number(session.length),
  })
  let fileId: string
  try {
    fileId = await withUniqueRetry(() =>
      db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('name')
          .where('id', '=', actor.id)
          .executeTakeFirstOrThrow()
        const now = deps.clock()
        let file: { id: string; filename: string; folder_id: string }
        let action: 'uploaded' | 'updated'
        if (session.file_id) {
          // Rights may have changed since the upload began: check again at the moment it lands.
          const found = await requireFile(trx, actor, session.file_id, 'editor')
          // The replaced blob goes through the retried deletion queue, committed with the row change:
          // a storage failure after the commit can no longer leave an orphan (decision 0027).
          if (found.file.path !== blob.key) await enqueueBlobDeletions(trx, [found.file.path], now)
          await trx
            .updateTable('files')
            .set({
              path: blob.key,
              size: blob.size,
              sha256: blob.sha256,
              mimetype,
              updatedAt: now.toISOString(),
            })
            .where('id', '=', found.file.id)
            .execute()
          file = found.file
          action = 'updated'
        } else {
          await requireFolder(trx, actor, session.folder_id!, 'editor')
          file = await createFileRecord(trx, {
            folderId: session.folder_id!,
            wantedName: session.filename,
            blob,
            mimetype,
            originalname: session.filename,
            createdBy: actor.id,
            now,
          })
          action = 'uploaded'
        }
        const folder = await trx
          .selectFrom('folders')
          .select('folder_name')
          .where('id', '=', file.folder_id)
          .executeTakeFirstOrThrow()
        await trx.deleteFrom('upload_sessions').where('id', '=', session.id).execute()
        await notify(
          trx,
          {
            type: 'file',
            action,
            actor: { id: actor.id, name: user.name },
            mainItem: file.filename,
            subItem: folder.folder_name,
            audience: { forAll: true },
            refs: { folder_id: file.folder_id, file_id: file.id },
          },
          now,
        )
        return file.id
      }),
    )
  } catch (error) {
    // Nothing refers to the new blob: take it back. The staging file stays until the session expires,
    // so a refused completion (rights revoked) does not throw away what the client sent.
    await deps.storage.delete(blob.key).catch(() => {})
    throw error
  }
  await removeStaging(deps.env.dataDir, session.id)
  return fileId
}

function isDisconnect(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = 'code' in error ? error.code : undefined
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    code === 'ABORT_ERR' ||
    error.name === 'AbortError' ||
    error.message === 'aborted'
  )
}

/** Two uploads racing for one name: the unique index refuses the later insert; run it again. */
async function withUniqueRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
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

/** DELETE (tus termination): the client gave up; drop the session and its bytes. */
export async function cancelUpload(deps: AppDeps, actor: SignedIn, id: string): Promise<void> {
  await loadSession(deps, actor, id)
  if (busy.has(id)) throw problems.conflict('The upload is still receiving data.', 'upload_busy')
  await deps.database.db.deleteFrom('upload_sessions').where('id', '=', id).execute()
  await removeStaging(deps.env.dataDir, id)
}
