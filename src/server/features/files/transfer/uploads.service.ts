import { Readable } from 'node:stream'
import { NAME_PROBLEM_MESSAGES, nameProblem, normalizeName } from '../../../../shared/names'
import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { BlobTooLargeError, type PutResult, StagedWriteLostError } from '../../../lib/storage'
import { findUserById } from '../../accounts/users.repository'
import { assertNoForeignDavLock } from '../access/dav-lock-guard'
import { requireFile, requireFolder } from '../access/file-access'
import { updateFileRow } from '../items/files.repository'
import { keepAsVersion, lockFileRow } from '../versions/file-versions.repository'
import { detectBlobMimeType, HeadTap } from './content-type'
import { checkVersionStorage, reserveStorage, reserveVersionStorage } from './storage-quota'
import { landNewFile, notifyLanded, type SignedIn, withUniqueRetry } from './upload-landing'
import { deleteUploadSession, findUploadSession, insertUploadSession } from './upload-sessions.repository'
import {
  appendToStaging,
  claimWriter,
  creatorLease,
  type HeldWriter,
  heldWriter,
  holdWriter,
  removeStaging,
  stagedBytes,
  stagedWriteOf,
  stagingColumns,
} from './upload-staging'

// Resumable uploads, the tus 1.0 core protocol with the creation, creation-with-upload, termination
// and expiration extensions (docs/decisions/0028). The routes speak HTTP; this file decides and
// moves the bytes:
//  create   checks size, name and editor rights on the target and reserves quota before any byte is sent;
//  append   streams one PATCH body (or the creation's own) into the upload's staged write in the blob
//           store, at the offset the session row holds, under the session's writer lease;
//  complete when the last byte lands, or at once for an empty upload: the staged write commits as a
//           blob under the key chosen at creation, and the file row, its notification and the end of
//           the session commit in one transaction. A replacement keeps the content it replaces as
//           a version (docs/decisions/0088).
// The bytes and the offset live where every instance sees them (upload-staging.ts, decision 0081), so
// each request of one upload may reach a different instance. Until completion nothing of the upload
// is visible in the file manager.

export interface UploadMetadata {
  filename?: string
  folder_id?: string
  file_id?: string
  filetype?: string
}

export interface CreatedUpload {
  id: string
  expiresAt: string
  /** With `firstBytes`: the writer lease the session was made with, for appendHeld(). */
  writer?: HeldWriter
}

export async function createUpload(
  deps: AppDeps,
  actor: SignedIn,
  input: { length: number; metadata: UploadMetadata; firstBytes?: boolean },
): Promise<CreatedUpload> {
  const { length, metadata } = input
  const db = deps.database.db
  assertUploadSize(deps, length)
  let filename: string
  let folderId: string | null = null
  let fileId: string | null = null
  if (metadata.file_id) {
    const { file } = await requireFile(db, actor, metadata.file_id, 'editor')
    await assertNoForeignDavLock(
      db,
      actor,
      { type: 'file', id: file.id, folderId: file.folder_id },
      deps.clock(),
    )
    fileId = file.id
    filename = file.filename
    // The new version will count against the file's owner: refuse now rather than after the bytes.
    await checkVersionStorage(db, deps, actor, await ownerOf(db, file), length, deps.clock())
  } else {
    const target = await newFileTarget(db, actor, metadata)
    folderId = target.folderId
    filename = target.filename
  }

  const id = newId()
  const now = deps.clock()
  const expiresAt = new Date(now.getTime() + deps.env.uploads.expiryMs).toISOString()
  // Stores nothing yet: a creation refused below leaves no bytes behind.
  const write = await deps.storage.beginStagedWrite(length)
  // The request that sends the first bytes with the creation holds the writer lease from the start.
  const lease = input.firstBytes ? creatorLease(now) : undefined
  // The session is the quota reservation: checked and written under the user's lock.
  const session = await db.transaction().execute(async (trx) => {
    await reserveStorage(trx, deps, actor, length, now, 'upload')
    return insertUploadSession(trx, {
      id,
      user_id: actor.id,
      folder_id: folderId,
      file_id: fileId,
      filename,
      declared_type: metadata.filetype?.slice(0, 255) ?? null,
      length,
      createdAt: now.toISOString(),
      expiresAt,
      ...stagingColumns(write),
      ...lease?.columns,
    })
  })
  return { id, expiresAt, ...(lease && { writer: heldWriter(deps, session, lease.token) }) }
}

/** Refuses an upload longer than MAX_UPLOAD_BYTES (413), before a byte of it is read. */
export function assertUploadSize(deps: Pick<AppDeps, 'env'>, length: number): void {
  const { maxBytes } = deps.env.uploads
  if (length > maxBytes) {
    throw new HttpProblem(413, 'upload_too_large', `Files can be at most ${maxBytes} bytes.`)
  }
}

/** A new file's folder, which the caller must edit, and its name, checked: 422, 404 or 403 otherwise. */
export async function newFileTarget(
  db: Db,
  actor: SignedIn,
  metadata: UploadMetadata,
): Promise<{ folderId: string; filename: string }> {
  if (!metadata.folder_id) throw problems.validation({ folder_id: ['Say which folder the file goes into.'] })
  const filename = normalizeName(metadata.filename ?? '')
  const problem = nameProblem(filename)
  if (problem) throw problems.validation({ filename: [NAME_PROBLEM_MESSAGES[problem]] })
  const folder = await requireFolder(db, actor, metadata.folder_id, 'editor')
  return { folderId: folder.id, filename }
}

/** Whom a file's versions count against: whoever made the file (docs/decisions/0113). */
async function ownerOf(db: Db, file: { createdBy: string | null }) {
  return file.createdBy ? await findUserById(db, file.createdBy) : undefined
}

async function loadSession(deps: AppDeps, actor: SignedIn, id: string) {
  return unexpired(deps, await findUploadSession(deps.database.db, id, actor.id))
}

function unexpired<S extends { expiresAt: string }>(deps: AppDeps, session: S | undefined): S {
  if (!session || Date.parse(session.expiresAt) <= deps.clock().getTime()) {
    throw problems.notFound('This upload does not exist or has expired. Start it again.')
  }
  return session
}

/**
 * HEAD: how many bytes the server holds, so a client that lost its connection knows where to go on. A
 * complete offset tells a tus client the upload is done, so it is never answered without the file: an
 * upload whose bytes are all in but whose completion failed (its last request stored them, then the
 * database went away) completes here. When it cannot yet (another request is completing it, or the
 * completion failed again), 423: tus clients ask again later, where any other failure of a HEAD makes
 * them start the whole upload over.
 */
export async function uploadOffset(deps: AppDeps, actor: SignedIn, id: string) {
  const session = await loadSession(deps, actor, id)
  const offset = stagedBytes(session)
  const length = Number(session.length)
  if (offset < length) return { offset, length, expiresAt: session.expiresAt }
  try {
    const done = await appendUpload(deps, actor, id, { offset, body: Readable.from([]) })
    return { offset, length, expiresAt: session.expiresAt, fileId: done.fileId }
  } catch (error) {
    // A refusal (rights, quota, gone) ends the upload and says so; anything else is asked again.
    if (error instanceof HttpProblem && error.status < 500 && error.code !== 'upload_busy') throw error
    if (!(error instanceof HttpProblem)) deps.logger.warn({ err: error }, 'an upload could not be completed')
    throw new HttpProblem(
      423,
      'upload_completing',
      'Every byte of this upload is in and its file is being made. Ask again shortly.',
    )
  }
}

const gone = () => problems.notFound('This upload does not exist or has expired. Start it again.')
const busy = () =>
  problems.conflict(
    'Another request is still writing to this upload. Ask for its offset again.',
    'upload_busy',
  )

function offsetMismatch(current: number, claimed: number): HttpProblem {
  return new HttpProblem(
    409,
    'offset_mismatch',
    `The upload is at byte ${current}, not ${claimed}.`,
    undefined,
    {
      'Upload-Offset': String(current),
    },
  )
}

export async function appendUpload(
  deps: AppDeps,
  actor: SignedIn,
  id: string,
  input: { offset: number; body: Readable | AsyncIterable<Uint8Array>; contentLength?: number },
): Promise<{ offset: number; fileId?: string; expiresAt?: string }> {
  const first = await loadSession(deps, actor, id)
  const length = Number(first.length)
  if (input.offset !== stagedBytes(first)) throw offsetMismatch(stagedBytes(first), input.offset)
  // A body announced longer than what is left is refused before a byte of it is read.
  if (input.contentLength !== undefined && input.contentLength > length - input.offset) {
    throw new HttpProblem(
      413,
      'upload_too_large',
      `This upload has ${length - input.offset} bytes left to send, not ${input.contentLength}.`,
    )
  }
  // One request appends at a time, whichever instance it reached: two would interleave bytes.
  const writer = await holdWriter(deps, id)
  if (!writer) throw busy()
  return appendHeld(deps, actor, writer, input)
}

/**
 * Appends the body under a writer lease already held (appendUpload's, or the one a creation with
 * its first bytes made the session with), completes the upload when its bytes are all in, and gives
 * the lease back.
 */
export async function appendHeld(
  deps: AppDeps,
  actor: SignedIn,
  writer: HeldWriter,
  input: { offset: number; body: Readable | AsyncIterable<Uint8Array> },
): Promise<{ offset: number; fileId?: string; expiresAt?: string }> {
  const token = writer.token
  const length = Number(writer.session.length)
  let completed = false
  try {
    // The row as the lease was taken: another request may have moved the offset since the first read.
    const session = unexpired(deps, writer.session)
    const current = stagedBytes(session)
    if (input.offset !== current) throw offsetMismatch(current, input.offset)
    let latest: Session = session
    let expiresAt = session.expiresAt
    // A body that starts the blob shows its type on the way through: no read back at completion.
    const tap = current === 0 ? new HeadTap() : undefined
    if (current < length) {
      const body = tap ? tap.through(input.body) : input.body
      const { saved, failure } = await appendToStaging(deps, session, token, body).catch((error: unknown) => {
        if (error instanceof StagedWriteLostError) throw gone()
        throw error
      })
      if (!saved) throw busy()
      latest = { ...session, ...stagingColumns(saved) }
      expiresAt = new Date(deps.clock().getTime() + deps.env.uploads.expiryMs).toISOString()
      if (failure instanceof BlobTooLargeError)
        throw new HttpProblem(
          413,
          'upload_too_large',
          'The request carried more bytes than Upload-Length announced.',
        )
      // A dropped connection is what tus is for: the bytes that arrived are kept, HEAD reports them.
      if (failure)
        throw new HttpProblem(
          400,
          'upload_interrupted',
          'The connection dropped. Ask for the offset and go on.',
        )
    }
    const offset = stagedBytes(latest)
    if (offset < length) return { offset, expiresAt }
    const fileId = await completeUpload(deps, actor, latest, tap?.head())
    completed = true
    return { offset, fileId }
  } finally {
    // A completed upload's session row went with its commit, and its lease with it.
    await (completed ? writer.stop() : writer.release())
  }
}

type Session = Awaited<ReturnType<typeof loadSession>>

/** Commits the staged blob and records the file; `head` is the blob's start, when this request saw it. */
async function completeUpload(
  deps: AppDeps,
  actor: SignedIn,
  session: Session,
  head: Uint8Array | undefined,
): Promise<string> {
  const db = deps.database.db
  let blob: PutResult
  try {
    // Idempotent: a completion that failed after this point commits again to the same blob.
    blob = await deps.storage.commitStagedWrite(stagedWriteOf(session))
  } catch (error) {
    if (error instanceof StagedWriteLostError) {
      await removeStaging(deps, session, deps.clock())
      throw gone()
    }
    throw error
  }
  const mimetype = await detectBlobMimeType(deps.storage, blob, session.filename, head)
  try {
    return await withUniqueRetry(() =>
      db.transaction().execute(async (trx) => {
        // The session ends with the file's arrival; if it is gone (cancelled, expired), so is the upload.
        if (!(await deleteUploadSession(trx, session.id))) throw gone()
        const now = deps.clock()
        if (!session.file_id) {
          const folderId = session.folder_id!
          return landNewFile(trx, actor, { folderId, filename: session.filename, blob, mimetype }, now)
        }
        // Rights may have changed since the upload began: check again at the moment it lands.
        await lockFileRow(trx, session.file_id)
        const { file, folder } = await requireFile(trx, actor, session.file_id, 'editor')
        // The replaced content stays as a version (docs/decisions/0088); its blob is named by the
        // version row from the same commit. A completion retried onto the same blob keeps nothing.
        if (file.path !== blob.key) {
          await reserveVersionStorage(trx, deps, actor, await ownerOf(trx, file), blob.size, now)
          await keepAsVersion(trx, file, now)
        }
        await updateFileRow(trx, file.id, {
          path: blob.key,
          size: blob.size,
          sha256: blob.sha256,
          sha1: blob.sha1,
          md5: blob.md5,
          mimetype,
          contentBy: actor.id,
          clientModifiedAt: null,
          updatedAt: now.toISOString(),
        })
        await notifyLanded(trx, actor, { ...file, folderName: folder.folder_name }, 'updated', now)
        return file.id
      }),
    )
  } catch (error) {
    // Refused (rights revoked, folder gone): the upload has failed, and ends here rather than keep its
    // quota reservation until it expires; its blob goes through the deletion queue. Anything else (the
    // database went away) keeps the session, and the client's retry commits the same blob again.
    if (error instanceof HttpProblem && error.status < 500) await removeStaging(deps, session, deps.clock())
    throw error
  }
}

/** DELETE (tus termination): the client gave up; drop the session and its bytes. */
export async function cancelUpload(deps: AppDeps, actor: SignedIn, id: string): Promise<void> {
  const session = await loadSession(deps, actor, id)
  if (!(await claimWriter(deps.database.db, id, deps.clock())))
    throw problems.conflict('The upload is still receiving data.', 'upload_busy')
  await removeStaging(deps, session, deps.clock())
}
