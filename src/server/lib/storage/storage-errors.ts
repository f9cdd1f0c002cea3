// Typed failures of the blob store, so callers map them to HTTP without string matching:
// not found → 404, unsatisfiable range → 416 (with the size for Content-Range), too large → 413.

export class StorageError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = new.target.name
  }
}

/** No committed blob under this key (never written, deleted, or its write did not finish). */
export class BlobNotFoundError extends StorageError {
  constructor(readonly key: string) {
    super('blob_not_found', `No blob ${key}`)
  }
}

/** A key that cannot be one of ours (not a UUID): a bug in the caller, never user input reaching a path. */
export class InvalidBlobKeyError extends StorageError {
  constructor(key: string) {
    super('invalid_blob_key', `Not a blob key: ${JSON.stringify(key.slice(0, 64))}`)
  }
}

/** The requested byte range lies outside the blob; `size` is what `Content-Range: bytes *\/size` needs. */
export class RangeNotSatisfiableError extends StorageError {
  constructor(readonly size: number) {
    super('range_not_satisfiable', `The range lies outside the blob's ${size} bytes`)
  }
}

/** The source sent more than the write's maxBytes; nothing was kept. */
export class BlobTooLargeError extends StorageError {
  constructor(readonly maxBytes: number) {
    super('blob_too_large', `The content is larger than ${maxBytes} bytes`)
  }
}

/** The write stopped before its end (AbortSignal, or the source stream failed: see `cause`); nothing was kept. */
export class WriteAbortedError extends StorageError {
  constructor(
    readonly reason: 'signal' | 'source',
    cause: unknown,
  ) {
    super(
      'write_aborted',
      reason === 'signal' ? 'The write was aborted' : 'The source stream failed during the write',
      { cause },
    )
  }
}

/** A resumable write whose staged bytes are gone (aborted, swept) or no longer match its saved state. */
export class StagedWriteLostError extends StorageError {
  constructor(readonly key: string) {
    super('staged_write_lost', `The staged bytes of ${key} are gone`)
  }
}
