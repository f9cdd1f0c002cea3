import type { Readable } from 'node:stream'
import type { AppDeps } from '../../../deps'
import { HttpProblem } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { BlobTooLargeError, type PutResult, WriteAbortedError } from '../../../lib/storage'
import { discardBlobOfFailedWrite } from '../../../lib/storage/blob-deletions'
import { detectBlobMimeType, HeadTap } from './content-type'
import { reserveStorage } from './storage-quota'
import { landNewFile, type SignedIn, withUniqueRetry } from './upload-landing'
import { assertUploadSize, newFileTarget, type UploadMetadata } from './uploads.service'

// A new file whose every byte comes with its tus creation request (creation-with-upload, as the web
// app sends any file up to 4 MiB), landed in that one request without an upload session
// (docs/decisions/0167). A session is what lets later requests, on any instance, go on with an upload
// and what reserves its quota before its bytes arrive; a request that carries the whole file needs
// neither: no other request can know the upload, and its client, which gets no Location unless the
// request succeeds, starts again if it fails. So the rights and the name are checked before a byte is
// read, the bytes go to the blob store as one write (S3: one PutObject), and one transaction checks
// the quota under the user's lock and lands the file: 11 statements where the session's way takes 17.
// A crash while the bytes arrive leaves what any whole write leaves (a temporary file, swept); one
// after they are stored and before the commit, a blob no row names, which fsck finds.
//
// Larger bodies, replacements of a file's content and bodies that are not the whole upload take the
// session's way (uploads.service.ts): there a refusal comes before the bytes, and a cut connection
// keeps what arrived.

/** The largest whole upload landed without a session: what a refusal after the bytes may waste. */
export const WHOLE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024

/** Whether a creation request carries its whole upload, and is landed here. */
export function isWholeNewUpload(input: {
  length: number
  metadata: UploadMetadata
  withData: boolean
  contentLength: number | undefined
}): boolean {
  return (
    input.withData &&
    input.length > 0 &&
    input.contentLength === input.length &&
    input.length <= WHOLE_UPLOAD_MAX_BYTES &&
    !input.metadata.file_id
  )
}

/**
 * Stores the body and lands it as a new file. Answers an id for the upload's Location (no session
 * holds it: asked for, it is gone, as a completed upload's is), when it would have expired, and the file.
 */
export async function landWholeUpload(
  deps: AppDeps,
  actor: SignedIn,
  input: { length: number; metadata: UploadMetadata; body: Readable | AsyncIterable<Uint8Array> },
): Promise<{ id: string; expiresAt: string; fileId: string }> {
  const { length } = input
  const db = deps.database.db
  assertUploadSize(deps, length)
  const { folderId, filename } = await newFileTarget(db, actor, input.metadata)
  const blob = await storeWhole(deps, length, input.body)
  try {
    const mimetype = await detectBlobMimeType(deps.storage, blob.put, filename, blob.head)
    const fileId = await withUniqueRetry(() =>
      db.transaction().execute(async (trx) => {
        const now = deps.clock()
        await reserveStorage(trx, deps, actor, length, now, 'upload')
        return landNewFile(trx, actor, { folderId, filename, blob: blob.put, mimetype }, now)
      }),
    )
    const expiresAt = new Date(deps.clock().getTime() + deps.env.uploads.expiryMs).toISOString()
    return { id: newId(), expiresAt, fileId }
  } catch (error) {
    // Refused (quota, rights revoked meanwhile), or failed: the blob goes unless a row names it.
    const refused = error instanceof HttpProblem && error.status < 500
    await discardBlobOfFailedWrite(db, deps.storage, blob.put.key, deps.clock(), refused)
    throw error
  }
}

/** The body as a blob, its exact length announced: one that ends short or runs long stores nothing. */
async function storeWhole(
  deps: AppDeps,
  length: number,
  body: Readable | AsyncIterable<Uint8Array>,
): Promise<{ put: PutResult; head: Uint8Array }> {
  const tap = new HeadTap()
  try {
    return { put: await deps.storage.put(tap.through(body), { length }), head: tap.head() }
  } catch (error) {
    if (error instanceof BlobTooLargeError)
      throw new HttpProblem(
        413,
        'upload_too_large',
        'The request carried more bytes than Upload-Length announced.',
      )
    if (error instanceof WriteAbortedError)
      throw new HttpProblem(
        400,
        'upload_interrupted',
        'The request ended before the bytes it announced were all sent. Send the file again.',
      )
    throw error
  }
}
