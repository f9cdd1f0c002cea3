// What the hashing thread (sha256.worker.ts) and threaded-sha256.ts say to each other. Each hash has an
// id; its bytes arrive in shared slots (no copy across the boundary). Requests are handled in the order
// they were posted; each but `drop` is answered with its `seq`.

export type HashRequest =
  | { op: 'update'; seq: number; id: number; buffer: SharedArrayBuffer; length: number }
  | { op: 'digest'; seq: number; id: number; keep: boolean }
  | { op: 'drop'; id: number }

export interface HashAnswer {
  seq: number
  /** The lowercase hex digest, for `digest`. */
  hex?: string
}
