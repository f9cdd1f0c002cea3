import type { Stats } from 'node:fs'
import { type FileHandle, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { makePrivateDir, openPrivate } from '../private-files'
import { assertBlobKey, isBlobKey, newBlobKey } from './blob-key'
import type { AbandonedWrite, BlobListing, BlobRead, BlobStat, BlobStore, GetOptions } from './blob-store'
import { type BlobSource, byteLimitOf, type PutOptions, type PutResult } from './blob-writes'
import { resolveByteRange } from './byte-range'
import { createDiskStagedWrites } from './disk-staged-writes'
import { appendOnDiskThread, commitOnDiskThread, readOnDiskThread } from './disk-thread/disk-thread'
import { FILE_READ_CHUNK, FileRangeStream } from './file-range-stream'
import { gatherBody } from './gathered-body'
import { WRITE_BATCH } from './positioned-writer'
import { BlobNotFoundError } from './storage-errors'
import { assertWholeBody, toWriteError } from './write-error'
import { WriteMeter } from './write-meter'

// Layout under `root` (DATA_DIR/blobs):
//   <xx>/<key>        committed blobs; xx = the key's last two hex digits. A UUIDv7 starts with the
//                     time, so its first digits are the same for years; its last ones are random and
//                     spread blobs evenly over 256 folders.
//   staging/<key>.part resumable writes (disk-staged-writes.ts): an upload's bytes between requests.
//   tmp/<key>.part    writes in progress. Same filesystem as the blobs, so the commit is a rename:
//                     atomic, and a crash leaves either the whole blob or a temp file, never half a blob.

const TEMP_DIR = 'tmp'
const TEMP_SUFFIX = '.part'
/** A put of known length up to this size is written in one step on the disk thread. */
const GATHERED_PUT_MAX_BYTES = WRITE_BATCH

/** Where the blob `key` lives under a disk store's `root` (backups copy the tree as it is). */
export function diskBlobPath(root: string, key: string): string {
  assertBlobKey(key)
  return path.join(root, key.slice(-2).toLowerCase(), key)
}

const SHARD = /^[0-9a-f]{2}$/

export function createDiskBlobStore(root: string): BlobStore {
  const tempDir = path.join(root, TEMP_DIR)
  const blobPath = (key: string) => diskBlobPath(root, key)

  return {
    driver: 'disk',
    ...createDiskStagedWrites(root, blobPath),
    put: (source, options = {}) => putBlob(root, source, options),
    get: async (key, options = {}) => getBlob(blobPath(key), key, options),

    async stat(key: string): Promise<BlobStat | undefined> {
      const info = await statIfExists(blobPath(key))
      return info && { size: info.size, modifiedAt: info.mtime }
    },

    async exists(key: string): Promise<boolean> {
      return (await statIfExists(blobPath(key))) !== undefined
    },

    async delete(key: string): Promise<void> {
      await rm(blobPath(key), { force: true })
    },

    list: () => listBlobs(root),
    listAbandonedWrites: (olderThan) => listAbandonedWrites(tempDir, olderThan),

    async removeAbandonedWrite(write: AbandonedWrite): Promise<void> {
      assertBlobKey(write.key)
      await rm(path.join(tempDir, `${write.key}${TEMP_SUFFIX}`), { force: true })
    },

    async close(): Promise<void> {},
  }
}

/** Writes to tmp/, syncs, then renames into place: a crash leaves a temp file, never half a blob. */
async function putBlob(root: string, source: BlobSource, options: PutOptions): Promise<PutResult> {
  if (options.length !== undefined && options.length <= GATHERED_PUT_MAX_BYTES)
    return putGathered(root, source, options)
  const meter = new WriteMeter(byteLimitOf(options), options.length)
  options.signal?.throwIfAborted()
  const key = newBlobKey()
  const tempDir = path.join(root, TEMP_DIR)
  const tempPath = path.join(tempDir, `${key}${TEMP_SUFFIX}`)
  await makePrivateDir(tempDir)
  const file = await openPrivate(tempPath, 'wx')
  try {
    // flush: fsync before the stream closes the file, so the bytes are on disk before the name
    // points at them.
    const sink = file.createWriteStream({ flush: true })
    meter.watch(source, 'source')
    meter.watch(sink, 'store')
    await pipeline(
      source,
      // Node hands function steps the pipeline's own signal (typed as absent by @types/node 20).
      (chunks: AsyncIterable<Uint8Array>, step?: { signal?: AbortSignal }) =>
        meter.pass(chunks, step?.signal),
      sink,
      { signal: options.signal },
    )
    assertWholeBody(meter, options)
    const finalPath = diskBlobPath(root, key)
    await makePrivateDir(path.dirname(finalPath))
    await rename(tempPath, finalPath)
    await syncDirectory(path.dirname(finalPath)) // and the rename itself survives a power cut
    return { key, size: meter.bytes, ...(await meter.hashes()) }
  } catch (error) {
    await file.close().catch(() => {}) // the stream closes it, unless it failed before opening
    await rm(tempPath, { force: true })
    throw toWriteError(error, meter, options.signal)
  }
}

/**
 * A small body of known length: gathered and hashed as it arrives, then written, synced and renamed
 * into place in two steps on the disk thread (decision 0159), as a small upload's staged write is,
 * instead of a trip through libuv's pool per system call. The same temp file first: a crash leaves
 * it to the abandoned-writes sweep.
 */
async function putGathered(root: string, source: BlobSource, options: PutOptions): Promise<PutResult> {
  const { chunks, meter } = await gatherBody(source, options)
  const key = newBlobKey()
  const tempPath = path.join(root, TEMP_DIR, `${key}${TEMP_SUFFIX}`)
  try {
    await appendOnDiskThread({ file: tempPath, offset: 0, bytes: chunks, create: true })
    const outcome = await commitOnDiskThread({
      staged: tempPath,
      final: diskBlobPath(root, key),
      length: meter.bytes,
    })
    if (outcome !== 'renamed') throw new Error(`The blob ${key} was not written (${outcome})`)
  } catch (error) {
    await rm(tempPath, { force: true })
    throw error
  }
  return { key, size: meter.bytes, ...(await meter.hashes()) }
}

async function getBlob(filePath: string, key: string, options: GetOptions): Promise<BlobRead> {
  // A blob of at most one read's size comes whole from the disk thread, in one trip (decision 0159).
  const whole = await readOnDiskThread({ file: filePath, max: FILE_READ_CHUNK }).catch((error: unknown) => {
    throw isMissing(error) ? new BlobNotFoundError(key) : error
  })
  if (whole.bytes) return wholeRead(whole.bytes, options)
  // Open first, then size the open file: a delete racing with the read cannot cut the stream short.
  const file = await openBlob(filePath, key)
  try {
    const { size } = await file.stat()
    const range = options.range && resolveByteRange(options.range, size)
    if (size === 0) {
      await file.close()
      return { body: Readable.from([]), size, range: undefined, contentLength: 0 }
    }
    const body = new FileRangeStream(file, range?.start ?? 0, (range?.end ?? size - 1) + 1)
    return { body, size, range, contentLength: range ? range.end - range.start + 1 : size }
  } catch (error) {
    await file.close()
    throw error
  }
}

/** What `options` asks of a blob read whole. */
function wholeRead(bytes: Uint8Array, options: GetOptions): BlobRead {
  const size = bytes.byteLength
  const range = options.range && resolveByteRange(options.range, size)
  if (size === 0) return { body: Readable.from([]), size, range: undefined, contentLength: 0 }
  const part = range ? bytes.subarray(range.start, range.end + 1) : bytes
  const body = Readable.from([Buffer.from(part.buffer, part.byteOffset, part.byteLength)])
  return { body, size, range, contentLength: part.byteLength }
}

async function* listBlobs(root: string): AsyncIterable<BlobListing> {
  const shards = await readdir(root).catch(ifMissing([]))
  for (const shard of shards) {
    if (!SHARD.test(shard)) continue // tmp/ and anything not ours
    const names = await readdir(path.join(root, shard)).catch(ifMissing([]))
    for (const key of names) {
      if (!isBlobKey(key) || key.slice(-2).toLowerCase() !== shard) continue
      const info = await statIfExists(path.join(root, shard, key))
      if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime }
    }
  }
}

async function listAbandonedWrites(tempDir: string, olderThan: Date): Promise<AbandonedWrite[]> {
  const names = await readdir(tempDir).catch(ifMissing([]))
  const found: AbandonedWrite[] = []
  for (const name of names) {
    const key = name.slice(0, -TEMP_SUFFIX.length)
    if (!name.endsWith(TEMP_SUFFIX) || !isBlobKey(key)) continue // not ours: leave it
    const info = await statIfExists(path.join(tempDir, name))
    if (info && info.mtime < olderThan) found.push({ key, since: info.mtime })
  }
  return found
}

async function openBlob(filePath: string, key: string): Promise<FileHandle> {
  try {
    return await open(filePath, 'r')
  } catch (error) {
    if (isMissing(error)) throw new BlobNotFoundError(key)
    throw error
  }
}

async function statIfExists(filePath: string): Promise<Stats | undefined> {
  return stat(filePath).catch(ifMissing(undefined))
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')

const ifMissing =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (isMissing(error)) return fallback
    throw error
  }
