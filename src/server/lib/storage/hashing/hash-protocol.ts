// What a hashing thread (hashes.worker.ts) and threaded-hashes.ts say to each other. Each hash has an
// id; its bytes arrive in shared slots (no copy across the boundary). Requests are handled in the order
// they were posted; each but `drop` is answered with its `seq`. A thread computes the algorithms it was
// started with (its workerData).

/** The digests a stored content has: SHA-256 (ETags, integrity), SHA-1 and MD5 (sync clients). */
export const HASH_ALGORITHMS = ['sha256', 'sha1', 'md5'] as const
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number]

/** Lowercase hex digests of one content. */
export type ContentHashes = Record<HashAlgorithm, string>

export type HashRequest =
  | { op: 'update'; seq: number; id: number; buffer: SharedArrayBuffer; length: number }
  | { op: 'digest'; seq: number; id: number; keep: boolean }
  | { op: 'drop'; id: number }

export interface HashAnswer {
  seq: number
  /** The lowercase hex digest of each of the thread's algorithms, for `digest`. */
  hex?: Partial<Record<HashAlgorithm, string>>
}

/** What a hashing thread is started with. */
export interface HashThreadData {
  algorithms: HashAlgorithm[]
}
