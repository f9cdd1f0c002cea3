// What the checkpoint thread (wal-checkpoint.worker.ts) and wal-checkpointer.ts say to each other.

/** How often the thread checkpoints every database it has open. */
export const CHECKPOINT_INTERVAL_MS = 250

export type CheckpointerRequest = { type: 'add'; id: number; file: string } | { type: 'remove'; id: number }

export interface CheckpointerAnswer {
  type: 'added' | 'removed'
  id: number
  error?: string
}
