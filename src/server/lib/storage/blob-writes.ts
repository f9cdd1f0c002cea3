import type { Readable } from 'node:stream'
import type { ContentHashes } from './hashing/hash-protocol'

// What writing a blob takes and gives, for whole writes (blob-store.ts) and staged ones (staged-write.ts).

/** A Node stream (an upload's request body) or any async iterable of bytes (a web ReadableStream too). */
export type BlobSource = Readable | AsyncIterable<Uint8Array>

export interface PutOptions {
  /** Fail with BlobTooLargeError as soon as more than this many bytes arrive. */
  maxBytes?: number
  /**
   * The body's exact size, when the caller knows it (a request's Content-Length): more bytes fail as
   * over `maxBytes` do, fewer with WriteAbortedError, and nothing is stored. S3 sends a body that fits
   * one part as a single PutObject.
   */
  length?: number
  /** Abort the write (e.g. the client disconnected); the promise rejects with WriteAbortedError. */
  signal?: AbortSignal
}

/** A stored blob: its key, size and digests (lowercase hex SHA-256, SHA-1 and MD5, computed while streaming). */
export interface PutResult extends ContentHashes {
  key: string
  /** Bytes written (64-bit safe as a JS number up to 8 PiB). */
  size: number
}

/** The most bytes a put may take: its maxBytes, and its exact length when it has one. */
export function byteLimitOf(options: PutOptions): number | undefined {
  const { maxBytes, length } = options
  if (length === undefined) return maxBytes
  return maxBytes === undefined ? length : Math.min(maxBytes, length)
}
