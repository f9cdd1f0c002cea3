import { createHash, type Hash } from 'node:crypto'
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
import type { BlobSource, PutResult } from './blob-store'
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
// The SHA-256 is taken as the bytes arrive: this process keeps the running hash of each write it
// appended to, with the offset it covers, and an append that continues there only feeds it (the usual
// case). Staged parts cannot be read back before the upload completes, so a write continued from any
// other offset (another instance took the previous chunks) carries no running hash, and its commit
// reads the completed object back for its SHA-256, as every commit did before.

const STAGING = 'staging/'
/** Running hashes kept at most (a few hundred bytes each); the oldest go first, and are read back. */
const MAX_RUNNING_HASHES = 1024

export function createS3StagedWrites(
  client: S3Client,
  Bucket: string,
  objectKey: (key: string) => string,
  partSizeFor: (length: number) => number,
  exists: (key: string) => Promise<boolean>,
): StagedWrites {
  const tailKey = (key: string) => {
    assertBlobKey(key)
    return `${STAGING}${key}.tail`
  }
  async function readTail(key: string, expected: number): Promise<Buffer> {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: tailKey(key) }))
      const bytes = Buffer.from((await out.Body?.transformToByteArray()) ?? [])
      if (bytes.length !== expected) throw new StagedWriteLostError(key)
      return bytes
    } catch (error) {
      if (statusOf(error) === 404) throw new StagedWriteLostError(key)
      throw error
    }
  }

  async function readBack(key: string): Promise<PutResult> {
    const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }))
    const hash = createHash('sha256')
    let size = 0
    for await (const chunk of out.Body as Readable) {
      hash.update(chunk as Buffer)
      size += (chunk as Buffer).length
    }
    return { key, size, sha256: hash.digest('hex') }
  }

  const running = new Map<string, { hash: Hash; offset: number }>()

  /** The running hash of the first `offset` bytes, taken out of the map; undefined when there is none. */
  function takeRunning(write: StagedWrite): Hash | undefined {
    const kept = running.get(write.key)
    running.delete(write.key)
    if (kept && kept.offset === write.offset) return kept.hash
    return write.offset === 0 ? createHash('sha256') : undefined
  }

  function keepRunning(key: string, hash: Hash, offset: number): void {
    running.set(key, { hash, offset })
    if (running.size > MAX_RUNNING_HASHES) running.delete(running.keys().next().value!)
  }

  const deleteTail = (key: string) =>
    client.send(new DeleteObjectCommand({ Bucket, Key: tailKey(key) })).then(
      () => {},
      () => {}, // a tail left behind is a few bytes that no state names
    )

  return {
    async beginStagedWrite(length: number): Promise<StagedWrite> {
      const state: S3StagedState = { driver: 's3', uploadId: null, partSize: partSizeFor(length), etags: [] }
      return { key: newBlobKey(), length, offset: 0, state }
    },

    async appendStagedWrite(write: StagedWrite, source: BlobSource): Promise<StagedAppend> {
      const state = s3State(write)
      const { key, length } = write
      const etags = [...state.etags]
      let uploadId = state.uploadId
      const partsBytes = Math.min(etags.length * state.partSize, write.offset)
      // Parts started so far (etags holds those S3 has acknowledged, in order: one part is in flight
      // at a time, and the next fills meanwhile, so at most two parts are held in memory).
      let parts = etags.length
      const partCapacity = () => Math.min(state.partSize, length - parts * state.partSize)
      let buffer: Buffer = Buffer.allocUnsafe(Math.max(0, Math.min(state.partSize, length - partsBytes)))
      let spare: Buffer | undefined
      let fill = write.offset - partsBytes
      if (fill > 0) (await readTail(key, fill)).copy(buffer)
      let offset = write.offset
      let inFlight: Promise<void> | undefined

      const sendPart = async (body: Buffer, partNumber: number) => {
        if (uploadId === null && partNumber === 1 && body.length === length) {
          // The whole blob fits in one part: one PutObject, no multipart upload.
          await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body }))
          return
        }
        uploadId ??=
          (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: objectKey(key) }))).UploadId ??
          null
        if (!uploadId) throw new Error('S3 CreateMultipartUpload returned no UploadId')
        const out = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: objectKey(key),
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: body,
            ContentLength: body.length,
          }),
        )
        if (!out.ETag) throw new Error('S3 UploadPart returned no ETag')
        etags.push(out.ETag)
      }

      // Starts uploading the full buffer and fills the other one meanwhile; waits only for the part
      // before it, so the request body is read while the previous part travels.
      const startPart = async () => {
        await inFlight
        const full = buffer
        const sending = sendPart(full.subarray(0, fill), ++parts).then(() => {
          spare = full
        })
        sending.catch(() => {}) // observed at the next startPart or after the body
        inFlight = sending
        buffer =
          spare ?? Buffer.allocUnsafe(Math.max(0, Math.min(state.partSize, length - parts * state.partSize)))
        spare = undefined
        fill = 0
      }

      const hash = takeRunning(write)
      const failure = await feedStagedChunks(source, length - write.offset, async (chunk) => {
        // Every byte of a chunk taken is staged (or the append fails, and the hash is dropped).
        hash?.update(chunk)
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
      if (fill > 0 && offset !== write.offset) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: tailKey(key),
            Body: buffer.subarray(0, fill),
            ContentLength: fill,
          }),
        )
      }
      if (hash) keepRunning(key, hash, offset)
      return { write: { ...write, offset, state: { ...state, uploadId, etags } }, failure }
    },

    async commitStagedWrite(write: StagedWrite): Promise<PutResult> {
      const state = s3State(write)
      if (write.offset !== write.length) throw new StagedWriteLostError(write.key)
      if (!(await exists(write.key))) {
        if (state.uploadId) {
          try {
            await client.send(
              new CompleteMultipartUploadCommand({
                Bucket,
                Key: objectKey(write.key),
                UploadId: state.uploadId,
                MultipartUpload: { Parts: state.etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
              }),
            )
          } catch (error) {
            // Completed by an earlier attempt whose answer was lost?
            if (!(await exists(write.key))) throw error
          }
        } else if (write.length === 0) {
          await client.send(new PutObjectCommand({ Bucket, Key: objectKey(write.key), Body: '' }))
        } else {
          throw new StagedWriteLostError(write.key)
        }
      }
      await deleteTail(write.key)
      const kept = running.get(write.key)
      running.delete(write.key)
      if (kept && kept.offset === write.length)
        return { key: write.key, size: write.length, sha256: kept.hash.digest('hex') }
      return readBack(write.key)
    },

    async abortStagedWrite(write: StagedWrite): Promise<void> {
      running.delete(write.key)
      const state = s3State(write)
      if (state.uploadId) {
        try {
          await client.send(
            new AbortMultipartUploadCommand({ Bucket, Key: objectKey(write.key), UploadId: state.uploadId }),
          )
        } catch (error) {
          // Gone already, or a store that cannot abort (its lifecycle rule removes the parts).
          const status = statusOf(error)
          if (status !== 404 && status !== 405 && status !== 501) throw error
        }
      }
      await deleteTail(write.key)
    },
  }
}

function s3State(write: StagedWrite): S3StagedState {
  if (write.state?.driver !== 's3') throw new StagedWriteLostError(write.key)
  return write.state
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
