import { parentPort, workerData } from 'node:worker_threads'
import Database, { type Statement } from 'better-sqlite3'
import {
  asBuffer,
  type StatementAnswer,
  type StatementRequest,
  type ThreadReady,
  type TransactionThreadData,
} from './sqlite-thread-protocol'
import { cachingStatements } from './statement-cache'

// The program of a SQLite transaction thread (decision 0107; started by sqlite-transaction-thread.ts):
// one connection to the database file, set up as the caller says, running one statement at a time in
// the order they were posted, with prepared statements kept by the same cache as the main thread's.

const port = parentPort
if (!port) throw new Error('sqlite-transaction.worker.ts runs on a worker thread')
const { file, pragmas, answers, posted } = workerData as TransactionThreadData
const signal = new Int32Array(posted)
const connection = new Database(file, { fileMustExist: true })
for (const pragma of pragmas) connection.pragma(pragma)
const statements = cachingStatements(connection)

function holdsBlobs(rows: unknown[][]): boolean {
  return rows.some((row) => row.some((value) => value instanceof Uint8Array))
}

function run({ seq, sql, parameters }: StatementRequest): StatementAnswer {
  const statement = statements.prepare(sql) as unknown as Statement<unknown[]>
  const values = parameters.map(asBuffer)
  if (statement.reader) {
    const rows = statement.raw(true).all(values) as unknown[][]
    return { seq, columns: statement.columns().map((c) => c.name), rows, blobs: holdsBlobs(rows) }
  }
  const { changes, lastInsertRowid } = statement.run(values)
  return { seq, changes, lastInsertRowid }
}

port.on('message', (request: StatementRequest) => {
  let answer: StatementAnswer
  try {
    answer = run(request)
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown }
    answer = {
      seq: request.seq,
      error: { message: String(message), ...(typeof code === 'string' && { code }) },
    }
  }
  answers.postMessage(answer)
  // Wakes a caller that waits a moment for this answer (sqlite-transaction-thread.ts).
  Atomics.add(signal, 0, 1)
  Atomics.notify(signal, 0)
})
port.postMessage({ ready: true } satisfies ThreadReady)
