import { parentPort } from 'node:worker_threads'
import Database from 'better-sqlite3'
import {
  CHECKPOINT_INTERVAL_MS,
  type CheckpointerAnswer,
  type CheckpointerRequest,
} from './wal-checkpoint-protocol'

// The checkpoint thread's program (decision 0104; started by wal-checkpointer.ts): a connection of its
// own to each database the process has open, and a PASSIVE checkpoint of each a few times a second.
// PASSIVE copies what no reader still needs and never waits for, or blocks, a reader or the writer.

const port = parentPort
if (!port) throw new Error('wal-checkpoint.worker.ts runs on a worker thread')
const open = new Map<number, Database.Database>()

function handle(message: CheckpointerRequest): CheckpointerAnswer {
  if (message.type === 'add') {
    try {
      const connection = new Database(message.file, { fileMustExist: true })
      connection.pragma('wal_autocheckpoint = 0')
      open.set(message.id, connection)
      return { type: 'added', id: message.id }
    } catch (error) {
      return { type: 'added', id: message.id, error: String((error as Error).message) }
    }
  }
  const connection = open.get(message.id)
  open.delete(message.id)
  try {
    connection?.close()
  } catch {
    // Closing is best effort: the main thread's writer folds the log in when it closes.
  }
  return { type: 'removed', id: message.id }
}

port.on('message', (message: CheckpointerRequest) => port.postMessage(handle(message)))

setInterval(() => {
  for (const connection of open.values()) {
    try {
      connection.pragma('wal_checkpoint(PASSIVE)')
    } catch {
      // A busy or closing database is checkpointed on a later turn.
    }
  }
}, CHECKPOINT_INTERVAL_MS)
