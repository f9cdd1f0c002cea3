import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertBlobKey, isBlobKey, newBlobKey } from './blob-key'
import type { AbandonedWrite, BlobListing, BlobRead, BlobStat, BlobStore, GetOptions } from './blob-store'
import { type BlobSource, byteLimitOf, type PutOptions, type PutResult } from './blob-writes'
import { resolveByteRange } from './byte-range'
import { gatherBody } from './gathered-body'
import { createS3StagedWrites } from './s3-staged-writes'
import { BlobNotFoundError } from './storage-errors'
import { assertWholeBody, toWriteError } from './write-error'
import { WriteMeter } from './write-meter'

// Layout in the bucket:
//   blobs/<key>     committed blobs.
//   staging/<key>.tail  the bytes of a resumable write past its last full part (s3-staged-writes.ts).
//   pending/<key>   an empty marker per write in progress: a lease its writer refreshes, so a marker
//                   that has not moved for hours belongs to a writer that died.
//
// A write goes straight to blobs/<key>: S3 makes an object visible only when its PutObject or
// CompleteMultipartUpload finishes, never in part, so no temporary object and no server-side copy are
// needed (a copy would write every byte twice and stop at 5 GiB). The parts of an unfinished multipart
// upload are invisible; the writer aborts them on failure, and the sweeper (removeAbandonedWrite) aborts
// those a dead writer left, where the store can list them. Operators should also set the bucket's
// AbortIncompleteMultipartUpload lifecycle rule, which every S3-compatible store honours.

export interface S3StoreConfig {
  bucket: string
  region: string
  /** Any S3-compatible endpoint (MinIO, R2, B2…); undefined means AWS. */
  endpoint: string | undefined
  /** Both or neither; neither means the SDK's default chain (instance role, AWS_* variables). */
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

const BLOBS = 'blobs/'
const PENDING = 'pending/'
/** Multipart part size: 8 MiB × S3's 10,000 parts = 78 GiB per blob (raised when maxBytes needs it). */
const PART_SIZE = 8 << 20
const MAX_PARTS = 10_000
/** Parts in flight per write; memory per write is about (queue + 1) × part size. */
const QUEUE_SIZE = 4
/** How often a running write touches its marker: far below any sensible abandonment age (hours). */
const LEASE_REFRESH_MS = 10 * 60_000

export function createS3BlobStore(config: S3StoreConfig): BlobStore {
  const s3: S3Bucket = { client: createS3Client(config), Bucket: config.bucket }
  const stat = (key: string) => head(s3, key)
  const exists = async (key: string) => (await head(s3, key)) !== undefined
  return {
    driver: 's3',
    ...createS3StagedWrites(s3.client, s3.Bucket, objectKey, partSizeFor, exists),
    put: (source, options) => putBlob(s3, source, options),
    get: (key, options) => getBlob(s3, key, options),
    stat,
    exists,
    async delete(key: string): Promise<void> {
      await deleteObject(s3, objectKey(key)) // S3 answers 204 for a missing key too
    },
    list: () => listBlobs(s3),
    listAbandonedWrites: (olderThan) => listAbandonedWrites(s3, olderThan),
    removeAbandonedWrite: (write) => removeAbandonedWrite(s3, write),
    async close(): Promise<void> {
      s3.client.destroy()
    },
  }
}

function createS3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // We hash every blob ourselves (SHA-256). The SDK's default extra CRC checksums are not understood
    // by several S3-compatible stores, and validating them on download costs CPU for nothing.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** The bucket the store works in, and the client that reaches it. */
interface S3Bucket {
  client: S3Client
  Bucket: string
}

function objectKey(key: string): string {
  assertBlobKey(key)
  return `${BLOBS}${key}`
}

const markerKey = (key: string) => `${PENDING}${key}`

function putMarker({ client, Bucket }: S3Bucket, key: string): Promise<void> {
  return client.send(new PutObjectCommand({ Bucket, Key: markerKey(key), Body: '' })).then(() => {})
}

function deleteObject({ client, Bucket }: S3Bucket, Key: string): Promise<void> {
  return client.send(new DeleteObjectCommand({ Bucket, Key })).then(() => {})
}

async function head({ client, Bucket }: S3Bucket, key: string): Promise<BlobStat | undefined> {
  try {
    const out = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))
    return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) }
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}

async function putBlob(s3: S3Bucket, source: BlobSource, options: PutOptions = {}): Promise<PutResult> {
  if (options.length !== undefined && options.length <= PART_SIZE) return putOnePart(s3, source, options)
  const meter = new WriteMeter(byteLimitOf(options), options.length)
  const { signal } = options
  signal?.throwIfAborted()
  const key = newBlobKey()
  await putMarker(s3, key)
  const lease = startLease(() => putMarker(s3, key))

  meter.watch(source, 'source')
  // Ends the body even while the source is stalled, so lib-storage sees the failure at once.
  const stop = new AbortController()
  const body = Readable.from(meter.pass(source, stop.signal))
  const onAbort = () => stop.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) onAbort() // aborted while the marker was being written
  const upload = new Upload({
    client: s3.client,
    params: { Bucket: s3.Bucket, Key: objectKey(key), Body: body },
    partSize: partSizeFor(options.maxBytes),
    queueSize: QUEUE_SIZE,
    leavePartsOnError: false,
  })
  try {
    // Settles only once no part is in flight any more (we never call upload.abort(), which
    // returns at once and lets a PutObject already sent land afterwards).
    await upload.done()
    assertWholeBody(meter, options)
  } catch (error) {
    stop.abort()
    body.destroy()
    await lease.stop()
    // The store may have completed the object while the answer was lost: remove it, then the
    // marker. If that fails, the marker stays and the sweeper finishes the job later.
    await deleteObject(s3, objectKey(key))
      .then(() => deleteObject(s3, markerKey(key)))
      .catch(() => {})
    // lib-storage reports its own failure to abort the parts ahead of the cause: trust the meter.
    throw toWriteError(error, meter, signal)
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
  await lease.stop()
  try {
    await deleteObject(s3, markerKey(key))
  } catch (error) {
    // A marker left behind would let the sweeper delete this blob later: fail the write instead.
    await deleteObject(s3, objectKey(key)).catch(() => {})
    throw error
  }
  return { key, size: meter.bytes, ...(await meter.hashes()) }
}

/**
 * A body of known length that fits one part: gathered in memory, hashed on the way, then sent as one
 * PutObject. S3 stores an object whole or not at all, so a writer that dies first leaves nothing and
 * needs no marker: one request instead of three (marker, object, marker's removal).
 */
async function putOnePart(s3: S3Bucket, source: BlobSource, options: PutOptions): Promise<PutResult> {
  const { chunks, meter } = await gatherBody(source, options)
  const key = newBlobKey()
  const Body = Buffer.concat(chunks)
  await s3.client.send(
    new PutObjectCommand({ Bucket: s3.Bucket, Key: objectKey(key), Body, ContentLength: Body.length }),
  )
  return { key, size: meter.bytes, ...(await meter.hashes()) }
}

async function getBlob(s3: S3Bucket, key: string, options: GetOptions = {}): Promise<BlobRead> {
  let size: number | undefined
  let range: BlobRead['range']
  if (options.range) {
    const info = await head(s3, key)
    if (!info) throw new BlobNotFoundError(key)
    size = info.size
    range = resolveByteRange(options.range, size)
  }
  try {
    const out = await s3.client.send(
      new GetObjectCommand({
        Bucket: s3.Bucket,
        Key: objectKey(key),
        Range: range && `bytes=${range.start}-${range.end}`,
      }),
    )
    if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject returned no Node stream')
    size ??= out.ContentLength ?? 0
    return { body: out.Body, size, range, contentLength: range ? range.end - range.start + 1 : size }
  } catch (error) {
    if (isNotFound(error)) throw new BlobNotFoundError(key)
    throw error
  }
}

async function* listBlobs({ client, Bucket }: S3Bucket): AsyncIterable<BlobListing> {
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: BLOBS, ContinuationToken }))
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(BLOBS.length)
      if (!key || !isBlobKey(key)) continue
      yield {
        key,
        size: object.Size ?? 0,
        modifiedAt: object.LastModified ?? new Date(0),
        etag: object.ETag?.replace(/"/g, ''),
      }
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
}

async function listAbandonedWrites({ client, Bucket }: S3Bucket, olderThan: Date): Promise<AbandonedWrite[]> {
  const found: AbandonedWrite[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: PENDING, ContinuationToken }))
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(PENDING.length)
      if (key && isBlobKey(key) && object.LastModified && object.LastModified < olderThan)
        found.push({ key, since: object.LastModified })
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return found
}

async function removeAbandonedWrite(s3: S3Bucket, write: AbandonedWrite): Promise<void> {
  const Key = objectKey(write.key)
  await abortMultipartUploads(s3.client, s3.Bucket, Key)
  // Its writer died before put() returned, so nothing refers to an object it may have completed.
  await deleteObject(s3, Key)
  await deleteObject(s3, markerKey(write.key))
}

/** Refreshes a write's marker every LEASE_REFRESH_MS; stop() waits for a refresh in flight. */
function startLease(refresh: () => Promise<void>): { stop(): Promise<void> } {
  let last = Promise.resolve()
  const timer = setInterval(() => {
    last = last.then(refresh).catch(() => {}) // a missed refresh is retried at the next tick
  }, LEASE_REFRESH_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await last // a refresh landing after the marker's deletion would resurrect it
    },
  }
}

/** Aborts unfinished multipart uploads of one object; skipped where the store cannot list them. */
async function abortMultipartUploads(client: S3Client, Bucket: string, Key: string): Promise<void> {
  let uploads: { Key?: string; UploadId?: string }[]
  try {
    uploads = (await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: Key }))).Uploads ?? []
  } catch (error) {
    if (isNotImplemented(error)) return
    throw error
  }
  for (const upload of uploads) {
    if (upload.Key !== Key || !upload.UploadId) continue
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.UploadId }))
  }
}

export function partSizeFor(maxBytes: number | undefined): number {
  if (maxBytes === undefined || maxBytes <= PART_SIZE * MAX_PARTS) return PART_SIZE
  const mib = 1 << 20
  return Math.ceil(maxBytes / MAX_PARTS / mib) * mib
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'))

const isNotImplemented = (error: unknown) =>
  statusOf(error) === 501 || (error instanceof S3ServiceException && error.name === 'NotImplemented')
