import type { FileHandle } from 'node:fs/promises'

/** Bytes gathered before one write: a request body arrives in ~64 KiB chunks, each a thread-pool trip. */
export const WRITE_BATCH = 1 << 20
/**
 * Written bytes after which a background `datasync` starts, so the final one has at most this much left
 * to flush. Each sync also costs CPU while the body arrives (the pages' write-back runs in the syncing
 * thread): over 1 GiB uploads on an idle machine, 3.2–4.0 CPU ms/MiB (mean 3.5) with a sync every
 * 32 MiB against 2.2–3.8 (mean 2.9) with one every 256 MiB, which also ran faster on average
 * (bench/README.md, file-transfer).
 */
export const SYNC_EVERY = 256 << 20

/**
 * Writes chunks to a file from `position` on, gathered into ~1 MiB `writev` calls, with one write in
 * flight while the next batch gathers: the socket is read (and the caller hashes) while the disk
 * writes, instead of one thread-pool round trip per network chunk. `push` waits only when a batch is
 * ready and the previous one is still being written, so at most two batches are held. `written` counts
 * the bytes a finished write put on disk; `finish` writes what is left and rejects with the first
 * write's error, if any. With `syncEvery`, a `datasync` runs in the background after every that many
 * bytes (one at a time): the page cache is flushed while the body still arrives, instead of all of it
 * by the caller's last `datasync` (measured: half a second of a 256 MiB upload).
 */
export class PositionedWriter {
  written: number
  private batch: Uint8Array[] = []
  private batchBytes = 0
  private inFlight: Promise<void> | undefined
  private syncing: Promise<void> | undefined
  private syncedUpTo: number

  constructor(
    private readonly handle: FileHandle,
    start: number,
    private readonly syncEvery = Number.POSITIVE_INFINITY,
  ) {
    this.written = start
    this.syncedUpTo = start
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.batch.push(chunk)
    this.batchBytes += chunk.byteLength
    if (this.batchBytes < WRITE_BATCH) return
    await this.inFlight
    this.startWrite()
  }

  /** Writes what is gathered and waits for every write: `written` is then what the file holds. */
  async finish(): Promise<void> {
    await this.inFlight
    if (this.batchBytes > 0) this.startWrite()
    await this.inFlight
    await this.syncing
  }

  private startWrite(): void {
    const buffers = this.batch
    const position = this.written
    this.batch = []
    this.batchBytes = 0
    this.inFlight = this.writeAll(buffers, position)
    // Observed at the next push or finish; never an unhandled rejection meanwhile.
    this.inFlight.catch(() => {})
  }

  private async writeAll(buffers: Uint8Array[], position: number): Promise<void> {
    let rest = buffers
    let at = position
    while (rest.length > 0) {
      const { bytesWritten } = await this.handle.writev(rest, at)
      at += bytesWritten
      this.written = at
      rest = dropBytes(rest, bytesWritten)
    }
    this.maybeSync()
  }

  private maybeSync(): void {
    if (this.syncing || this.written - this.syncedUpTo < this.syncEvery) return
    const upTo = this.written
    this.syncing = this.handle.datasync().then(() => {
      this.syncedUpTo = upTo
      this.syncing = undefined
    })
    // A failed sync is reported by finish(); the caller's own final datasync would fail too.
    this.syncing.catch(() => {})
  }
}

/** The buffers after their first `count` bytes (a short writev leaves the rest to write). */
function dropBytes(buffers: Uint8Array[], count: number): Uint8Array[] {
  let left = count
  let i = 0
  while (i < buffers.length && left >= buffers[i]!.byteLength) left -= buffers[i++]!.byteLength
  const rest = buffers.slice(i)
  if (left > 0 && rest.length > 0) rest[0] = rest[0]!.subarray(left)
  return rest
}
