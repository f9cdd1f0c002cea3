import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { assertBlobKey, newBlobKey } from './blob-key'
import type { BlobSource, PutResult } from './blob-store'
import { feedStagedChunks } from './staged-source'
import type { StagedAppend, StagedWrite, StagedWrites } from './staged-write'
import { StagedWriteLostError } from './storage-errors'

// Resumable writes on disk: `<root>/staging/<key>.part`, under the blob root every instance shares
// (a network volume when there are several machines), never the instance's own DATA_DIR. Each append
// writes at the saved offset and syncs before the caller saves the new offset, so the file holds at
// least what the state says; bytes past it (a writer that died before saving) are overwritten by the
// next append and cut off at commit. The commit is a rename into the blob tree: atomic, no copy.

const STAGING_DIR = 'staging'
const READ_CHUNK = 1 << 20

export function createDiskStagedWrites(
  root: string,
  blobPath: (key: string) => string,
  syncDirectory: (dir: string) => Promise<void>,
): StagedWrites {
  const stagingPath = (key: string) => {
    assertBlobKey(key)
    return path.join(root, STAGING_DIR, `${key}.part`)
  }

  async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
    const hash = createHash('sha256')
    let size = 0
    for await (const chunk of createReadStream(file, {
      highWaterMark: READ_CHUNK,
    }) as AsyncIterable<Buffer>) {
      hash.update(chunk)
      size += chunk.length
    }
    return { size, sha256: hash.digest('hex') }
  }

  return {
    // Nothing is written until the first byte comes: a write begun and never saved leaves nothing.
    async beginStagedWrite(length: number): Promise<StagedWrite> {
      return { key: newBlobKey(), length, offset: 0, state: null }
    },

    async appendStagedWrite(write: StagedWrite, source: BlobSource): Promise<StagedAppend> {
      const file = stagingPath(write.key)
      if (write.offset === 0) await mkdir(path.dirname(file), { recursive: true })
      // The first append creates the file; a later one finds it, or the staged bytes are gone.
      const handle = await open(file, write.offset === 0 ? 'w' : 'r+').catch((error: unknown) => {
        throw isMissing(error) ? new StagedWriteLostError(write.key) : error
      })
      let position = write.offset
      try {
        const failure = await feedStagedChunks(source, write.length - write.offset, async (chunk) => {
          let done = 0
          while (done < chunk.byteLength) {
            const { bytesWritten } = await handle.write(chunk, done, chunk.byteLength - done, position)
            done += bytesWritten
            position += bytesWritten
          }
        })
        // On disk before the caller records the offset: the state never claims bytes a crash lost.
        await handle.datasync()
        return { write: { ...write, offset: position }, failure }
      } finally {
        await handle.close()
      }
    },

    async commitStagedWrite(write: StagedWrite): Promise<PutResult> {
      const staged = stagingPath(write.key)
      const final = blobPath(write.key)
      const info = await stat(staged).catch(() => undefined)
      if (info || write.length === 0) {
        if (!info) {
          // An empty blob never had an append: its staging file is made here.
          if (await stat(final).catch(() => undefined)) return { key: write.key, ...(await hashFile(final)) }
          await mkdir(path.dirname(staged), { recursive: true })
          await (await open(staged, 'w')).close()
        }
        const size = info?.size ?? 0
        if (size < write.length) throw new StagedWriteLostError(write.key)
        const handle = await open(staged, 'r+')
        try {
          if (size > write.length) await handle.truncate(write.length)
          await handle.sync()
        } finally {
          await handle.close()
        }
        const { sha256 } = await hashFile(staged)
        await mkdir(path.dirname(final), { recursive: true })
        await rename(staged, final)
        await syncDirectory(path.dirname(final))
        return { key: write.key, size: write.length, sha256 }
      }
      // Committed by an earlier attempt whose answer was lost: report the blob as it is.
      const committed = await stat(final).catch(() => undefined)
      if (!committed) throw new StagedWriteLostError(write.key)
      return { key: write.key, ...(await hashFile(final)) }
    },

    async abortStagedWrite(write: StagedWrite): Promise<void> {
      await rm(stagingPath(write.key), { force: true })
    },
  }
}

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT'
