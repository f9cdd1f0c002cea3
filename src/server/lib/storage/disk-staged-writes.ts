import { createReadStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import path from 'node:path'
import { makePrivateDir, openPrivate } from '../private-files'
import { assertBlobKey, newBlobKey } from './blob-key'
import type { BlobSource, PutResult } from './blob-writes'
import { appendOnDiskThread, commitOnDiskThread } from './disk-thread/disk-thread'
import { type ContentHasher, type ContentHashes, contentHasher } from './hashing/content-hasher'
import { RunningHashes } from './hashing/running-hashes'
import { PositionedWriter, SYNC_EVERY, WRITE_BATCH } from './positioned-writer'
import { feedStagedChunks } from './staged-source'
import type { StagedAppend, StagedWrite, StagedWrites } from './staged-write'
import { StagedWriteLostError } from './storage-errors'

// Resumable writes on disk: `<root>/staging/<key>.part`, under the blob root every instance shares
// (a network volume when there are several machines), never the instance's own DATA_DIR. Each append
// writes at the saved offset and syncs before the caller saves the new offset, so the file holds at
// least what the state says; bytes past it (a writer that died before saving) are overwritten by the
// next append and cut off at commit. The commit is a rename into the blob tree: atomic, no copy.
// The commit, and the append of a small write's rest, run on the disk thread as one step each
// (disk-thread/, decision 0159) instead of one trip through libuv's pool per system call.
//
// The hashes (SHA-256, SHA-1, MD5) are computed as the bytes are written, in the same pass, on the
// hashing threads or in place for a small write (content-hasher.ts): this process keeps the running
// hash of each write it appended to, with the offset it covers. An append that continues where this
// process's hash stands (the usual case: one client, one instance, or the same one again) only feeds
// it; any other append (another instance took the previous chunks, or a saved offset fell behind what
// was written) first hashes the staged prefix again. The commit digests the running hash when it
// covers the whole write, and reads the blob back only otherwise.

const STAGING_DIR = 'staging'
const READ_CHUNK = 1 << 20
/**
 * A write with at most this much left is gathered and written in one step on the disk thread
 * (decision 0159); a larger one streams to the file as it arrives, one write in flight.
 */
const GATHERED_APPEND = WRITE_BATCH

/** What every operation of one disk store's staged writes works on. */
interface DiskStaging {
  root: string
  blobPath: (key: string) => string
  running: RunningHashes
}

export function createDiskStagedWrites(root: string, blobPath: (key: string) => string): StagedWrites {
  const staging: DiskStaging = { root, blobPath, running: new RunningHashes() }
  return {
    // Nothing is written until the first byte comes: a write begun and never saved leaves nothing.
    async beginStagedWrite(length: number): Promise<StagedWrite> {
      return { key: newBlobKey(), length, offset: 0, state: null }
    },
    appendStagedWrite: (write, source) => appendStagedWrite(staging, write, source),
    commitStagedWrite: (write) => commitStagedWrite(staging, write),
    async abortStagedWrite(write: StagedWrite): Promise<void> {
      staging.running.drop(write.key)
      await rm(stagingPath(staging, write.key), { force: true })
    },
  }
}

function stagingPath(staging: DiskStaging, key: string): string {
  assertBlobKey(key)
  return path.join(staging.root, STAGING_DIR, `${key}.part`)
}

async function appendStagedWrite(
  staging: DiskStaging,
  write: StagedWrite,
  source: BlobSource,
): Promise<StagedAppend> {
  const file = stagingPath(staging, write.key)
  if (write.length - write.offset <= GATHERED_APPEND) return appendGathered(staging, write, source, file)
  if (write.offset === 0) await makePrivateDir(path.dirname(file))
  // The first append creates the file (owner-only); a later one finds it, or the staged bytes are gone.
  const opening = write.offset === 0 ? openPrivate(file, 'w') : open(file, 'r+')
  const handle = await opening.catch((error: unknown) => {
    throw isMissing(error) ? new StagedWriteLostError(write.key) : error
  })
  try {
    const hash =
      staging.running.take(write.key, write.offset, write.length) ?? (await hashPrefix(write, file))
    const writer = new PositionedWriter(handle, write.offset, SYNC_EVERY)
    let failure: StagedAppend['failure']
    try {
      failure = await feedStagedChunks(source, write.length - write.offset, async (chunk) => {
        // Hashed on the hashing thread while the previous batch is written on the thread pool.
        await hash.update(chunk)
        await writer.push(chunk)
      })
    } finally {
      // What arrived is written even when the source failed; a store error is thrown from here.
      await writer.finish()
    }
    // On disk before the caller records the offset: the state never claims bytes a crash lost.
    await Promise.all([handle.datasync(), hash.flush()])
    staging.running.keep(write.key, hash, writer.written)
    return { write: { ...write, offset: writer.written }, failure }
  } finally {
    await handle.close()
  }
}

/**
 * The rest of a small write (GATHERED_APPEND): its bytes are gathered as they arrive and written,
 * synced and closed on the disk thread in one step. What arrived is written even when the source
 * failed.
 */
async function appendGathered(
  staging: DiskStaging,
  write: StagedWrite,
  source: BlobSource,
  file: string,
): Promise<StagedAppend> {
  const lost = (error: unknown) => {
    throw isMissing(error) ? new StagedWriteLostError(write.key) : error
  }
  const hash =
    staging.running.take(write.key, write.offset, write.length) ?? (await hashPrefix(write, file).catch(lost))
  const chunks: Uint8Array[] = []
  const failure = await feedStagedChunks(source, write.length - write.offset, async (chunk) => {
    await hash.update(chunk)
    chunks.push(chunk)
  })
  const [written] = await Promise.all([
    appendOnDiskThread({ file, offset: write.offset, bytes: chunks, create: write.offset === 0 }).catch(lost),
    hash.flush(),
  ])
  staging.running.keep(write.key, hash, written)
  return { write: { ...write, offset: written }, failure }
}

/** The hash of the staged file's first `write.offset` bytes, read back (another process appended). */
async function hashPrefix(write: StagedWrite, file: string): Promise<ContentHasher> {
  const { size, hash } = await hashFile(file, write.length, write.offset)
  if (size < write.offset) throw new StagedWriteLostError(write.key)
  return hash
}

async function commitStagedWrite(staging: DiskStaging, write: StagedWrite): Promise<PutResult> {
  const final = staging.blobPath(write.key)
  const staged = stagingPath(staging, write.key)
  const outcome = await commitOnDiskThread({ staged, final, length: write.length })
  if (outcome === 'lost') throw new StagedWriteLostError(write.key)
  // Committed by an earlier attempt whose answer was lost: report the blob as it is.
  if (outcome === 'committed') return { key: write.key, ...(await hashesOf(final, write.length)) }
  const hashes =
    (await staging.running.digestAt(write.key, write.length)) ?? (await hashesOf(final, write.length))
  staging.running.drop(write.key)
  return { key: write.key, size: write.length, ...hashes }
}

/**
 * The hashes of a file's first `end` bytes (all of them without `end`), in a running hash fit for a
 * content of `length` bytes in all.
 */
async function hashFile(
  file: string,
  length: number,
  end?: number,
): Promise<{ size: number; hash: ContentHasher }> {
  const hash = contentHasher(length)
  let size = 0
  if (end !== 0) {
    for await (const chunk of createReadStream(file, {
      highWaterMark: READ_CHUNK,
      ...(end === undefined ? {} : { end: end - 1 }),
    }) as AsyncIterable<Buffer>) {
      await hash.update(chunk)
      size += chunk.length
    }
  }
  await hash.flush()
  return { size, hash }
}

async function hashesOf(file: string, length: number): Promise<ContentHashes & { size: number }> {
  const { size, hash } = await hashFile(file, length)
  return { size, ...(await hash.digest()) }
}

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT'
