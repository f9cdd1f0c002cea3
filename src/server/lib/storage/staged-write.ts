import type { BlobSource, PutResult } from './blob-writes'
import type { BlobTooLargeError, WriteAbortedError } from './storage-errors'

// Resumable writes: one blob assembled from several requests, which may reach different instances
// (tus uploads behind a load balancer). The store keeps the bytes where every instance sees them — a
// staging file under the shared blob root on disk, an S3 multipart upload in the bucket — and the
// caller keeps the StagedWrite (in its database) between requests: it is the one truth about how far
// the write got. Nothing staged is a blob until commitStagedWrite(): get(), list() and exists() do not
// see it.

/** A resumable write's state: plain JSON, saved by the caller after every append. */
export interface StagedWrite {
  /** The key the blob commits under (fresh, like put()'s). */
  key: string
  /** The blob's announced size in bytes. */
  length: number
  /** Bytes staged so far: the next append continues here. */
  offset: number
  /** The driver's own bookkeeping; null on disk. */
  state: S3StagedState | null
}

/**
 * S3: the multipart upload (created with the first full part) and the ETags of its parts. Parts are
 * `partSize` bytes each, the last one excepted; bytes past the last full part wait in a small tail
 * object until the next append fills the part (S3 wants parts of at least 5 MiB but the last).
 */
export interface S3StagedState {
  driver: 's3'
  uploadId: string | null
  partSize: number
  etags: string[]
  /**
   * Whether an append may have left a tail object, which the commit then deletes. Absent in a state
   * saved before it was recorded: a tail may exist.
   */
  tail?: boolean
}

export interface StagedAppend {
  /** The state after the append: save it, whether or not the append failed. */
  write: StagedWrite
  /**
   * Why the append stopped early, if it did: the source failed (a client that went away), or it
   * carried more than `length - offset` bytes. The bytes that arrived before are staged and counted
   * in `write.offset`; the excess is not.
   */
  failure?: WriteAbortedError | BlobTooLargeError
}

/** The staged-write half of a BlobStore (see BlobStore). */
export interface StagedWrites {
  /** Starts a resumable write of `length` bytes. */
  beginStagedWrite(length: number): Promise<StagedWrite>
  /**
   * Appends `source` at `write.offset`, streaming (memory: at most one S3 part). A failing source is
   * not an error: what arrived is kept and reported (StagedAppend.failure). Rejects only when the store
   * fails; then the caller's saved state still holds and the next append starts again from it.
   */
  appendStagedWrite(write: StagedWrite, source: BlobSource): Promise<StagedAppend>
  /**
   * Makes the blob of a complete write (offset = length) visible under `write.key`, atomically, and
   * reports its size and hashes (from the hashes this process took while appending, or read back from
   * the store). Idempotent: committing again a write that committed answers the same.
   */
  commitStagedWrite(write: StagedWrite): Promise<PutResult>
  /**
   * Discards the staged bytes of a write that will not complete. A committed blob is left alone: it is
   * deleted like any other, once nothing names it. Idempotent.
   */
  abortStagedWrite(write: StagedWrite): Promise<void>
}

export type { BlobSource }
