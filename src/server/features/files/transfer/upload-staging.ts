import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isBlobKey } from '../../../lib/storage/blob-key'

// Where the bytes of an unfinished resumable upload wait: DATA_DIR/uploads/<session id>.part, whatever
// the storage driver (docs/decisions/0028). The file's size is the upload's offset, so an upload cut
// off mid-request resumes exactly after the last byte that reached the disk. Nothing here is a file
// of the file manager: completion streams the staging file into the BlobStore under a new key.

const SUFFIX = '.part'

export function stagingDir(dataDir: string): string {
  return path.join(dataDir, 'uploads')
}

export function stagingPath(dataDir: string, sessionId: string): string {
  if (!isBlobKey(sessionId)) throw new TypeError(`Not an upload id: ${sessionId}`)
  return path.join(stagingDir(dataDir), `${sessionId}${SUFFIX}`)
}

export async function createStagingFile(dataDir: string, sessionId: string): Promise<void> {
  await mkdir(stagingDir(dataDir), { recursive: true })
  const stream = createWriteStream(stagingPath(dataDir, sessionId), { flags: 'wx' })
  await new Promise<void>((resolve, reject) => stream.end(() => resolve()).on('error', reject))
}

/** Bytes received so far; undefined when the staging file is gone. */
export async function stagedBytes(dataDir: string, sessionId: string): Promise<number | undefined> {
  const info = await stat(stagingPath(dataDir, sessionId)).catch(() => undefined)
  return info?.size
}

export class ChunkTooLongError extends Error {
  constructor() {
    super('The upload sent more bytes than its Upload-Length')
  }
}

/**
 * Appends the request body to the staging file, streaming (one chunk in memory at a time). Refuses
 * to go past `room` bytes: what was written before stays (a later HEAD reports it), the excess never
 * lands. Rejects when the client disconnects, keeping every byte that arrived.
 */
export async function appendToStaging(
  dataDir: string,
  sessionId: string,
  body: Readable | AsyncIterable<Uint8Array>,
  room: number,
): Promise<number> {
  const file = stagingPath(dataDir, sessionId)
  const before = (await stat(file)).size
  let written = 0
  // On any failure (disconnect, too long) the write stream is destroyed: what reached the disk stays
  // and the file's size says how much that was; nothing past `room` is ever written.
  await pipeline(
    body,
    async function* limit(chunks: AsyncIterable<Uint8Array>) {
      for await (const chunk of chunks) {
        if (written + chunk.length > room) throw new ChunkTooLongError()
        written += chunk.length
        yield chunk
      }
    },
    createWriteStream(file, { flags: 'a', highWaterMark: 1 << 20 }),
  )
  return before + written
}

export async function removeStaging(dataDir: string, sessionId: string): Promise<void> {
  await rm(stagingPath(dataDir, sessionId), { force: true })
}

/** Session ids of every staging file on disk (for the sweeper to find orphans). */
export async function listStagingIds(dataDir: string): Promise<string[]> {
  const names = await readdir(stagingDir(dataDir)).catch(() => [] as string[])
  return names
    .filter((n) => n.endsWith(SUFFIX))
    .map((n) => n.slice(0, -SUFFIX.length))
    .filter(isBlobKey)
}
