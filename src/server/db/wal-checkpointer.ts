import type { Worker } from 'node:worker_threads'
import type SqliteDatabase from 'better-sqlite3'
import { startWorker } from '../lib/threads/start-worker'
import type { CheckpointerAnswer, CheckpointerRequest } from './wal-checkpoint-protocol'

// In WAL mode SQLite copies the log back into the database file (a checkpoint) right after a commit
// once the log holds 1,000 pages, inside that commit, with an fsync on each side. better-sqlite3 runs
// it on the event loop, so a large write (restoring 100k items from the trash) held every other
// request for the copy as well as for the commit (docs/decisions/0104). Here the writer's automatic
// checkpoints are off and one worker thread per process runs a PASSIVE checkpoint of every open
// database a few times a second, on a connection of its own. PASSIVE never waits for a reader or the
// writer and never makes them wait; what it cannot copy yet, it copies on a later turn. Should the
// worker fail, every writer turns automatic checkpoints back on. The thread's program is
// wal-checkpoint.worker.ts.

/** SQLite's own default, restored if the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000

interface Checkpointer {
  worker: Worker
  /** The writers whose checkpoints the worker runs, by registration id. */
  registered: Map<number, SqliteDatabase.Database>
  replies: Map<string, (error?: string) => void>
}

let current: Checkpointer | undefined
let nextId = 1

function checkpointer(): Checkpointer {
  if (current) return current
  const worker = startWorker('db/wal-checkpoint.worker.ts')
  const state: Checkpointer = { worker, registered: new Map(), replies: new Map() }
  worker.on('message', (message: CheckpointerAnswer) => {
    const reply = state.replies.get(`${message.type}:${message.id}`)
    state.replies.delete(`${message.type}:${message.id}`)
    if (state.replies.size === 0) worker.unref()
    reply?.(message.error)
  })
  // The process may end with databases still open (a CLI, a test file): the worker keeps it up only
  // while an answer is awaited (ask). After the 'message' listener, which refs it again.
  worker.unref()
  const fail = () => {
    if (current === state) current = undefined
    for (const writer of state.registered.values()) {
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`)
    }
    state.registered.clear()
    for (const reply of state.replies.values()) reply('the checkpoint worker stopped')
    state.replies.clear()
  }
  worker.on('error', fail)
  worker.on('exit', fail)
  current = state
  return state
}

function ask(
  state: Checkpointer,
  type: 'add' | 'remove',
  id: number,
  file?: string,
): Promise<string | undefined> {
  if (current !== state) return Promise.resolve('the checkpoint worker stopped')
  const answer = type === 'add' ? 'added' : 'removed'
  return new Promise((resolve) => {
    state.replies.set(`${answer}:${id}`, resolve)
    state.worker.ref()
    const request: CheckpointerRequest = type === 'add' ? { type, id, file: file! } : { type, id }
    state.worker.postMessage(request)
  })
}

export interface BackgroundCheckpoints {
  /** Closes the worker's connection to this database; call it before closing the database. */
  stop(): Promise<void>
}

/**
 * Moves the checkpoints of the WAL database `file`, written by `writer`, to the worker thread. Until
 * the worker has opened the file, the writer goes on checkpointing by itself.
 */
export function checkpointInBackground(file: string, writer: SqliteDatabase.Database): BackgroundCheckpoints {
  const state = checkpointer()
  const id = nextId++
  const added = ask(state, 'add', id, file).then((error) => {
    if (error !== undefined || current !== state || !writer.open) return false
    state.registered.set(id, writer)
    writer.pragma('wal_autocheckpoint = 0')
    return true
  })
  return {
    async stop() {
      if (!(await added) || !state.registered.delete(id)) return
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`)
      await ask(state, 'remove', id)
    },
  }
}
