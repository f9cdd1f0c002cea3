import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { assertBlobKey, newBlobKey } from './blob-key'
import type { BlobSource, PutResult } from './blob-writes'
import { contentHasher } from './hashing/content-hasher'
import { RunningHashes } from './hashing/running-hashes'
import { feedStagedChunks } from './staged-source'
import type { S3StagedState, StagedAppend, StagedWrite, StagedWrites } from './staged-write'
import { StagedWriteLostError } from './storage-errors'

// Resumable writes on S3: one multipart upload per write, targeting blobs/<key> directly, so the blob
// appears only when CompleteMultipartUpload runs (decision 0081). Parts are a fixed size, so part n
// always holds the same bytes and an append that starts again after a failure overwrites parts rather
// than shifting them. An append that ends inside a part (a client's small chunk, a dropped connection)
// leaves those bytes in staging/<key>.tail, which the next append — on any instance — reads back and
// completes into the part. Every instance finds the upload id and the parts' ETags in the caller's
// saved state, never in its own memory.
//
// The hashes (SHA-256, SHA-1, MD5) are taken as the bytes arrive (content-hasher.ts: on the hashing
// threads, or in place for a small write): this process keeps the running hash of each write it
// appended to, with the offset it covers, and an append that continues there only feeds it (the usual
// case). Staged parts cannot be read back before the upload completes, so a write continued from any
// other offset (another instance took the previous chunks) carries no running hash, and its commit
// reads the completed object back for its hashes.

const STAGING = 'staging/'

export function createS3StagedWrites(
  client: S3Client,
  Bucket: string,
  objectKey: (key: string) => string,
  partSizeFor: (length: number) => number,
  exists: (key: string) => Promise<boolean>,
): StagedWrites {
  const s3: S3Staging = { client, Bucket, objectKey, exists, running: new RunningHashes() }
  return {
    async beginStagedWrite(length: number): Promise<StagedWrite> {
      const state: S3StagedState = {
        driver: 's3',
        uploadId: null,
        partSize: partSizeFor(length),
        etags: [],
        tail: false,
      }
      return { key: newBlobKey(), length, offset: 0, state }
    },
    appendStagedWrite: (write, source) => appendStagedWrite(s3, write, source),
    commitStagedWrite: (write) => commitStagedWrite(s3, write),
    abortStagedWrite: (write) => abortStagedWrite(s3, write),
  }
}

/** What the staged-write steps share: the bucket, where a blob's object goes, this process's running hashes. */
interface S3Staging {
  client: S3Client
  Bucket: string
  objectKey: (key: string) => string
  exists: (key: string) => Promise<boolean>
  running: RunningHashes
}

/** The multipart upload an append adds parts to: its id once started, the ETags of the parts S3 acknowledged. */
interface PartsUpload {
  key: string
  length: number
  uploadId: string | null
  etags: string[]
}

async function appendStagedWrite(
  s3: S3Staging,
  write: StagedWrite,
  source: BlobSource,
): Promise<StagedAppend> {
  const state = s3State(write)
  const { key, length } = write
  const upload: PartsUpload = { key, length, uploadId: state.uploadId, etags: [...state.etags] }
  const partsBytes = Math.min(upload.etags.length * state.partSize, write.offset)
  // Parts started so far (etags holds those S3 has acknowledged, in order: one part is in flight
  // at a time, and the next fills meanwhile, so at most two parts are held in memory).
  let parts = upload.etags.length
  const partCapacity = () => Math.min(state.partSize, length - parts * state.partSize)
  let buffer: Buffer = Buffer.allocUnsafe(Math.max(0, Math.min(state.partSize, length - partsBytes)))
  let spare: Buffer | undefined
  let fill = write.offset - partsBytes
  if (fill > 0) (await readTail(s3, key, fill)).copy(buffer)
  let offset = write.offset
  let inFlight: Promise<void> | undefined

  // Starts uploading the full buffer and fills the other one meanwhile; waits only for the part
  // before it, so the request body is read while the previous part travels.
  const startPart = async () => {
    await inFlight
    const full = buffer
    const sending = sendPart(s3, upload, full.subarray(0, fill), ++parts).then(() => {
      spare = full
    })
    sending.catch(() => {}) // observed at the next startPart or after the body
    inFlight = sending
    buffer =
      spare ?? Buffer.allocUnsafe(Math.max(0, Math.min(state.partSize, length - parts * state.partSize)))
    spare = undefined
    fill = 0
  }

  const hash = s3.running.take(write.key, write.offset, write.length)
  const failure = await feedStagedChunks(source, length - write.offset, async (chunk) => {
    // Every byte of a chunk taken is staged (or the append fails, and the hash is dropped).
    await hash?.update(chunk)
    let at = 0
    while (at < chunk.byteLength) {
      const n = Math.min(chunk.byteLength - at, partCapacity() - fill)
      buffer.set(chunk.subarray(at, at + n), fill)
      fill += n
      at += n
      offset += n
      if (fill === partCapacity()) await startPart()
    }
  })
  await inFlight
  // What did not fill a part waits in the tail object, for whichever instance gets the next append.
  let tail = state.tail
  if (fill > 0 && offset !== write.offset) {
    tail = true
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.Bucket,
        Key: tailKey(key),
        Body: buffer.subarray(0, fill),
        ContentLength: fill,
      }),
    )
  }
  if (hash) {
    await hash.flush()
    s3.running.keep(key, hash, offset)
  }
  const { uploadId, etags } = upload
  return { write: { ...write, offset, state: { ...state, uploadId, etags, tail } }, failure }
}

/**
 * Sends part `partNumber` of the upload. A blob that fits in one part goes up as one PutObject, with
 * no multipart upload; otherwise the first part sent starts the upload, and each part's ETag is kept.
 */
async function sendPart(s3: S3Staging, upload: PartsUpload, body: Buffer, partNumber: number): Promise<void> {
  const { client, Bucket } = s3
  const Key = s3.objectKey(upload.key)
  if (upload.uploadId === null && partNumber === 1 && body.length === upload.length) {
    await client.send(new PutObjectCommand({ Bucket, Key, Body: body }))
    return
  }
  upload.uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId ?? null
  if (!upload.uploadId) throw new Error('S3 CreateMultipartUpload returned no UploadId')
  const out = await client.send(
    new UploadPartCommand({
      Bucket,
      Key,
      UploadId: upload.uploadId,
      PartNumber: partNumber,
      Body: body,
      ContentLength: body.length,
    }),
  )
  if (!out.ETag) throw new Error('S3 UploadPart returned no ETag')
  upload.etags.push(out.ETag)
}

async function commitStagedWrite(s3: S3Staging, write: StagedWrite): Promise<PutResult> {
  const state = s3State(write)
  if (write.offset !== write.length) throw new StagedWriteLostError(write.key)
  const { client, Bucket } = s3
  const Key = s3.objectKey(write.key)
  // This process sent the whole blob as one PutObject (no multipart upload) and hashed every byte
  // of it: the object is there, no need to ask the store (the usual small upload, in one request).
  const putHere = state.uploadId === null && write.length > 0 && s3.running.holds(write.key, write.length)
  if (!putHere && !(await s3.exists(write.key))) {
    if (state.uploadId) {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: state.uploadId,
            MultipartUpload: { Parts: state.etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
          }),
        )
      } catch (error) {
        // Completed by an earlier attempt whose answer was lost?
        if (!(await s3.exists(write.key))) throw error
      }
    } else if (write.length === 0) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: '' }))
    } else {
      throw new StagedWriteLostError(write.key)
    }
  }
  if (state.tail !== false) await deleteTail(s3, write.key)
  const hash = s3.running.takeAt(write.key, write.length)
  if (hash) return { key: write.key, size: write.length, ...(await hash.digest()) }
  return readBack(s3, write.key, write.length)
}

async function abortStagedWrite(s3: S3Staging, write: StagedWrite): Promise<void> {
  s3.running.drop(write.key)
  const state = s3State(write)
  if (state.uploadId) {
    const { client, Bucket } = s3
    try {
      await client.send(
        new AbortMultipartUploadCommand({ Bucket, Key: s3.objectKey(write.key), UploadId: state.uploadId }),
      )
    } catch (error) {
      // Gone already, or a store that cannot abort (its lifecycle rule removes the parts).
      const status = statusOf(error)
      if (status !== 404 && status !== 405 && status !== 501) throw error
    }
  }
  await deleteTail(s3, write.key)
}

function tailKey(key: string): string {
  assertBlobKey(key)
  return `${STAGING}${key}.tail`
}

async function readTail(s3: S3Staging, key: string, expected: number): Promise<Buffer> {
  try {
    const out = await s3.client.send(new GetObjectCommand({ Bucket: s3.Bucket, Key: tailKey(key) }))
    const bytes = Buffer.from((await out.Body?.transformToByteArray()) ?? [])
    if (bytes.length !== expected) throw new StagedWriteLostError(key)
    return bytes
  } catch (error) {
    if (statusOf(error) === 404) throw new StagedWriteLostError(key)
    throw error
  }
}

function deleteTail(s3: S3Staging, key: string): Promise<void> {
  return s3.client.send(new DeleteObjectCommand({ Bucket: s3.Bucket, Key: tailKey(key) })).then(
    () => {},
    () => {}, // a tail left behind is a few bytes that no state names
  )
}

/** The hashes of a completed blob, read back from the store. */
async function readBack(s3: S3Staging, key: string, length: number): Promise<PutResult> {
  const out = await s3.client.send(new GetObjectCommand({ Bucket: s3.Bucket, Key: s3.objectKey(key) }))
  const hash = contentHasher(length)
  let size = 0
  for await (const chunk of out.Body as Readable) {
    await hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { key, size, ...(await hash.digest()) }
}

function s3State(write: StagedWrite): S3StagedState {
  if (write.state?.driver !== 's3') throw new StagedWriteLostError(write.key)
  return write.state
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
