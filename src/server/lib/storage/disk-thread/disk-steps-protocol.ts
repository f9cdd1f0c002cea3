// What the disk thread (disk-steps.worker.ts) and disk-thread.ts say to each other. Each request is
// answered once, with its `seq`, in the order the thread took them.

/**
 * Writes `bytes` at `offset` of a staged file and syncs them. `create`: the first append, which makes
 * the staging folder and the file (owner-only); otherwise the file must exist.
 */
export interface AppendStep {
  op: 'append'
  seq: number
  file: string
  offset: number
  bytes: Uint8Array[]
  create: boolean
}

/**
 * Moves a staged file of `length` bytes into the blob tree (docs/decisions/0159): cuts off bytes past
 * `length` a writer left unsaved, renames it to `final` and syncs the folder, so the rename survives a
 * power cut. An empty write that never had an append gets its (empty) file here.
 */
export interface CommitStep {
  op: 'commit'
  seq: number
  staged: string
  final: string
  length: number
}

/** Reads a whole file of at most `max` bytes; a larger one is only sized. */
export interface ReadStep {
  op: 'read'
  seq: number
  file: string
  max: number
}

export type DiskStep = AppendStep | CommitStep | ReadStep

/**
 * `committed`: an earlier attempt already moved it (its answer was lost). `lost`: neither the staged
 * file with its bytes nor the blob is there.
 */
export type CommitOutcome = 'renamed' | 'committed' | 'lost'

/** A failed system call, as Node's own errors carry it: the caller's checks read `code`. */
export interface StepError {
  message: string
  code?: string
  syscall?: string
  path?: string
}

export type DiskStepAnswer =
  | { seq: number; written: number }
  | { seq: number; outcome: CommitOutcome }
  | { seq: number; size: number; bytes: Uint8Array | undefined }
  | { seq: number; error: StepError }
