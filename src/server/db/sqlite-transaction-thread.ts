import { MessageChannel, type MessagePort, receiveMessageOnPort } from 'node:worker_threads'
import SqliteDatabase from 'better-sqlite3'
import type { CompiledQuery, QueryResult } from 'kysely'
import { startWorker } from '../lib/threads/start-worker'
import {
  asBuffer,
  type StatementAnswer,
  type StatementRequest,
  type ThreadReady,
  type TransactionThreadData,
} from './sqlite-thread-protocol'

// SQLite write transactions run on a worker thread with a connection of their own (decision 0107).
// better-sqlite3 is synchronous, and a commit writes what the transaction changed to the log before
// it returns. Trashing a 100k-file folder changed about 28k pages; with the writer's small cache most
// were spilled to the log during the transaction, but a page changed again after its spill is written
// over in place, and then the commit reads every frame back from the first such page on to chain
// their checksums again: about 29k reads and 29k writes, 120–200 ms in which the event loop answered
// nothing. Here the transaction's statements and its commit run on the thread; the event loop only
// posts each statement and awaits its answer, so other requests (reads on the reader connection, or
// anything that needs no database) go on being served while a commit of any size is written.
//
// One thread per use, with one connection, handling one statement at a time in the order they were
// posted. A database has two: one for transactions, whose connection writes (the split driver's writer
// lock still lets one transaction run at a time in this process, so that connection and the main
// thread's writer never wait on each other), and one for read-only transactions, whose connection
// cannot write, so that a long read (an aggregate over 100k rows) also leaves the event loop. The
// thread's program is sqlite-transaction.worker.ts.
//
// Most statements take the thread microseconds, but an answer that arrives as a message waits for a
// turn of the event loop behind whatever else the process is doing: under load, 5 ms at the median per
// statement, while the transaction holds the writer and every other write queues behind it (bench/
// README.md, "Where the write tails come from"). So the caller waits up to ANSWER_WAIT_MS for the
// answer on the spot (Atomics.wait on a counter the thread bumps after each answer, then
// receiveMessageOnPort), and a short transaction goes from statement to statement without leaving the
// turn it started in. A statement that takes longer (a large commit, an aggregate) is awaited as a
// message as before, so the event loop is held up at most that long per statement.

/** How long the caller blocks waiting for a statement's answer before awaiting it as a message. */
export const ANSWER_WAIT_MS = 2

export interface TransactionThread {
  /** Runs one statement on the thread's connection. */
  run(query: CompiledQuery): Promise<QueryResult<unknown>>
  /** True once the thread has opened the database, until it stops. */
  readonly usable: boolean
  /** Settles true when the thread has opened the database, false when it could not. */
  readonly ready: Promise<boolean>
  /** Closes the thread's connection (rolling back what it left open) and ends the thread. */
  close(): Promise<void>
}

/**
 * Starts the thread for the WAL database `file`; `pragmas` are run on its connection first, as on the
 * main thread's writer. Until the thread is ready, `usable` is false and transactions stay where they were.
 * `answerWaitMs`: how long a caller blocks for an answer before awaiting it as a message.
 */
export function startTransactionThread(
  file: string,
  pragmas: string[],
  { answerWaitMs = ANSWER_WAIT_MS }: { answerWaitMs?: number } = {},
): TransactionThread {
  const channel = new MessageChannel()
  const answers = channel.port1
  const posted = new SharedArrayBuffer(4)
  const signal = new Int32Array(posted)
  const worker = startWorker('db/sqlite-transaction.worker.ts', {
    workerData: { file, pragmas, answers: channel.port2, posted } satisfies TransactionThreadData,
    transferList: [channel.port2],
  })
  const replies = new Map<number, (answer: StatementAnswer | Error) => void>()
  let nextSeq = 1
  let state: 'starting' | 'ready' | 'stopped' = 'starting'
  let markReady!: (ok: boolean) => void
  const ready = new Promise<boolean>((resolve) => {
    markReady = resolve
  })
  const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()))

  // Once started, the thread keeps the process up only while an answer is awaited: a CLI that wrote
  // ends by itself.
  const awaiting = (on: boolean) => {
    if (on) {
      worker.ref()
      answers.ref()
    } else {
      worker.unref()
      answers.unref()
    }
  }
  const deliver = (answer: StatementAnswer) => {
    const reply = replies.get(answer.seq)
    replies.delete(answer.seq)
    if (replies.size === 0) awaiting(false)
    reply?.(answer)
  }
  answers.on('message', deliver)
  // The only message the thread sends on its own port: it has opened the database.
  worker.once('message', (_ready: ThreadReady) => {
    if (state === 'starting') state = 'ready'
    markReady(state === 'ready')
    if (replies.size === 0) awaiting(false)
  })
  const stop = (error?: unknown) => {
    if (state === 'stopped') return
    state = 'stopped'
    markReady(false)
    const reason = new Error('the SQLite transaction thread stopped', { cause: error })
    for (const reply of replies.values()) reply(reason)
    replies.clear()
    answers.close()
  }
  worker.on('error', stop)
  worker.on('exit', () => stop())

  return {
    get usable() {
      return state === 'ready'
    },
    ready,
    run(query) {
      if (state === 'stopped') return Promise.reject(new Error('the SQLite transaction thread stopped'))
      const seq = nextSeq++
      const answered = new Promise<QueryResult<unknown>>((resolve, reject) => {
        replies.set(seq, (answer) => {
          if (answer instanceof Error) reject(answer)
          else if (answer.error)
            reject(new SqliteDatabase.SqliteError(answer.error.message, answer.error.code ?? ''))
          else resolve(toResult(answer))
        })
      })
      awaiting(true)
      const seen = Atomics.load(signal, 0)
      worker.postMessage({ seq, sql: query.sql, parameters: query.parameters } satisfies StatementRequest)
      takeOnTheSpot({ signal, answers, seen, ms: answerWaitMs, deliver }, () => replies.has(seq))
      return answered
    },
    async close() {
      stop()
      await worker.terminate()
      await stopped
    },
  }
}

/**
 * Blocks up to `ms` while `waiting()`: each time the thread bumps `signal` past `seen`, every answer on
 * `answers` is delivered (they come in the order the statements were posted, so an earlier statement's
 * late answer goes to its own caller).
 */
function takeOnTheSpot(
  on: {
    signal: Int32Array
    answers: MessagePort
    seen: number
    ms: number
    deliver: (answer: StatementAnswer) => void
  },
  waiting: () => boolean,
): void {
  const until = performance.now() + on.ms
  let last = on.seen
  while (waiting()) {
    const left = until - performance.now()
    if (left <= 0 || Atomics.wait(on.signal, 0, last, left) === 'timed-out') return
    last = Atomics.load(on.signal, 0)
    for (let got = receiveMessageOnPort(on.answers); got; got = receiveMessageOnPort(on.answers))
      on.deliver(got.message as StatementAnswer)
  }
}

function toResult(answer: StatementAnswer): QueryResult<unknown> {
  if (answer.rows) {
    const columns = answer.columns!
    const rows = answer.rows.map((values) => {
      const row: Record<string, unknown> = {}
      for (let i = 0; i < columns.length; i++)
        row[columns[i]!] = answer.blobs ? asBuffer(values[i]) : values[i]
      return row
    })
    return { rows }
  }
  const { changes, lastInsertRowid } = answer
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  }
}
