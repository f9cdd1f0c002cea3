// What the SQLite transaction threads (sqlite-transaction.worker.ts) and the code that starts them
// (sqlite-transaction-thread.ts) say to each other. Blobs cross the thread boundary as Uint8Arrays
// (structured clone) and are made Buffers again on the other side (asBuffer); rows travel as arrays
// with their column names, which clone faster than objects.

import type { MessagePort } from 'node:worker_threads'

export interface TransactionThreadData {
  file: string
  /** Run on the thread's connection first, as on the main thread's writer. */
  pragmas: string[]
  /** Where the thread posts its answers (transferred to it). */
  answers: MessagePort
  /** One Int32: the thread adds 1 and notifies after posting each answer, for a caller waiting on it. */
  posted: SharedArrayBuffer
}

/** One statement for the thread to run. */
export interface StatementRequest {
  seq: number
  sql: string
  parameters: readonly unknown[]
}

/** The thread's answer to one statement. */
export interface StatementAnswer {
  seq: number
  rows?: unknown[][]
  columns?: string[]
  blobs?: boolean
  changes?: number
  lastInsertRowid?: number | bigint
  error?: { message: string; code?: string }
}

/** Sent once the thread has opened the database. */
export interface ThreadReady {
  ready: true
}

export function asBuffer(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value
}
