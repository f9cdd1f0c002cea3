import type { Readable } from 'node:stream'
import type { BlobSource, PutOptions, PutResult } from './blob-writes'
import type { ByteRange, ByteRangeRequest } from './byte-range'
import type { StagedWrites } from './staged-write'

/**
 * Where file contents live: local disk (default) or any S3-compatible store, behind one interface
 * (decision 0008). Blobs are immutable and live under generated keys, so a key is also a strong ETag.
 * Everything streams: memory does not grow with the blob's size. Resumable writes, a blob assembled
 * from several requests that may reach several instances, are the StagedWrites half (staged-write.ts).
 */
export interface BlobStore extends StagedWrites {
  readonly driver: 'disk' | 's3'

  /**
   * Streams `source` into a new blob under a fresh key. The blob becomes visible only once complete;
   * when the source fails, the signal aborts or the content passes `maxBytes`, nothing stays visible
   * and the partial write is removed, and the promise rejects with WriteAbortedError or BlobTooLargeError.
   */
  put(source: BlobSource, options?: PutOptions): Promise<PutResult>

  /**
   * A stream of the blob's bytes, or of one range of them. Rejects with BlobNotFoundError or
   * RangeNotSatisfiableError before any byte is sent. Destroy the stream to stop early.
   */
  get(key: string, options?: GetOptions): Promise<BlobRead>

  /** Size and modification time of a committed blob; undefined when there is none. */
  stat(key: string): Promise<BlobStat | undefined>

  exists(key: string): Promise<boolean>

  /**
   * Every committed blob with its size and modification time, a page at a time, in no particular
   * order (integrity checks and backups). Writes in progress are not listed.
   */
  list(): AsyncIterable<BlobListing>

  /** Removes the blob. Deleting a missing blob succeeds (deletion is retried by the outbox). */
  delete(key: string): Promise<void>

  /**
   * Writes that started (disk: last wrote) before `olderThan` and never finished: a crashed process,
   * or a write still running that long. See cleanAbandonedWrites().
   */
  listAbandonedWrites(olderThan: Date): Promise<AbandonedWrite[]>

  /** Removes what an abandoned write left; nothing any committed blob needs. Idempotent. */
  removeAbandonedWrite(write: AbandonedWrite): Promise<void>

  /** Releases connections (S3). The store is unusable afterwards. */
  close(): Promise<void>
}

export interface GetOptions {
  range?: ByteRangeRequest
}

export interface BlobRead {
  body: Readable
  /** The whole blob's size (for Content-Range). */
  size: number
  /** The bytes `body` holds, inclusive; undefined when the whole blob was asked for. */
  range: ByteRange | undefined
  /** How many bytes `body` yields (for Content-Length). */
  contentLength: number
}

export interface BlobStat {
  size: number
  modifiedAt: Date
}

export interface BlobListing extends BlobStat {
  key: string
  /** The store's entity tag (S3); undefined on disk. */
  etag?: string
}

export interface AbandonedWrite {
  /** The key the write would have committed under. */
  key: string
  /** When it started (S3) or last wrote a byte (disk). */
  since: Date
}
