import type { Worker } from 'node:worker_threads'
import { startWorker } from '../../threads/start-worker'
import type {
  AppendStep,
  CommitOutcome,
  CommitStep,
  DiskStep,
  DiskStepAnswer,
  ReadStep,
  StepError,
} from './disk-steps-protocol'

// The file steps of a small resumable write, each done as one run of blocking calls on a thread of
// its own (docs/decisions/0159). Through libuv's pool every call (mkdir, open, chmod, write, sync,
// close, stat, rename, the folder's open, sync and close) is a trip that ends on a turn of the event
// loop, and under load each such turn waited behind other requests' work: a mkdir that takes 0.05 ms
// took 39 ms at p99. Here an append is one trip and a commit another. Two threads, so one slow sync
// does not hold every other write up; a step goes to the one with fewer waiting. A small blob's
// download is read the same way, whole, in one step instead of an open, a stat and a read.

const THREADS = 2

type Reply = (answer: DiskStepAnswer) => void

interface DiskThread {
  worker: Worker
  replies: Map<number, Reply>
  alive: boolean
}

const threads: (DiskThread | undefined)[] = Array.from({ length: THREADS }, () => undefined)
let nextSeq = 1

function start(index: number): DiskThread {
  const worker = startWorker('lib/storage/disk-thread/disk-steps.worker.ts')
  const thread: DiskThread = { worker, replies: new Map(), alive: true }
  worker.on('message', (answer: DiskStepAnswer) => {
    const reply = thread.replies.get(answer.seq)
    thread.replies.delete(answer.seq)
    if (thread.replies.size === 0) worker.unref()
    reply?.(answer)
  })
  // Keeps the process up only while an answer is awaited: a CLI that wrote a file still exits.
  worker.unref()
  const fail = (error?: unknown) => {
    if (!thread.alive) return
    thread.alive = false
    if (threads[index] === thread) threads[index] = undefined
    const message = `the disk thread stopped${error instanceof Error ? `: ${error.message}` : ''}`
    for (const [seq, reply] of thread.replies) reply({ seq, error: { message } })
    thread.replies.clear()
  }
  worker.on('error', fail)
  worker.on('exit', () => fail())
  threads[index] = thread
  return thread
}

/** The thread with the fewest steps waiting, started (again) if it is not running. */
function leastBusy(): DiskThread {
  let best: DiskThread | undefined
  for (let i = 0; i < THREADS; i++) {
    const thread = threads[i]?.alive ? threads[i]! : start(i)
    if (!best || thread.replies.size < best.replies.size) best = thread
  }
  return best!
}

type Unsent<T> = T extends unknown ? Omit<T, 'seq'> : never

function ask(step: Unsent<DiskStep>): Promise<DiskStepAnswer> {
  const thread = leastBusy()
  const seq = nextSeq++
  return new Promise((resolve) => {
    thread.replies.set(seq, resolve)
    thread.worker.ref()
    thread.worker.postMessage({ ...step, seq } as DiskStep)
  })
}

/** The thread's error as Node's own would be: `code`, `syscall` and `path` where the call had them. */
function thrown(error: StepError): Error {
  return Object.assign(new Error(error.message), {
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.syscall === undefined ? {} : { syscall: error.syscall }),
    ...(error.path === undefined ? {} : { path: error.path }),
  })
}

/**
 * Writes `bytes` at `offset` of the staged `file` and syncs them (AppendStep); answers the offset
 * after them. The bytes are copied to the thread, so the caller's buffers stay its own.
 */
export async function appendOnDiskThread(step: Omit<AppendStep, 'op' | 'seq'>): Promise<number> {
  const answer = await ask({ op: 'append', ...step })
  if ('error' in answer) throw thrown(answer.error)
  if (!('written' in answer)) throw new Error('the disk thread answered an append with no offset')
  return answer.written
}

/** Moves a staged file into the blob tree (CommitStep). */
export async function commitOnDiskThread(step: Omit<CommitStep, 'op' | 'seq'>): Promise<CommitOutcome> {
  const answer = await ask({ op: 'commit', ...step })
  if ('error' in answer) throw thrown(answer.error)
  if (!('outcome' in answer)) throw new Error('the disk thread answered a commit with no outcome')
  return answer.outcome
}

/**
 * A whole file of at most `max` bytes, read in one step (ReadStep): its size, and its bytes unless it
 * is larger than `max`.
 */
export async function readOnDiskThread(
  step: Omit<ReadStep, 'op' | 'seq'>,
): Promise<{ size: number; bytes: Uint8Array | undefined }> {
  const answer = await ask({ op: 'read', ...step })
  if ('error' in answer) throw thrown(answer.error)
  if (!('size' in answer)) throw new Error('the disk thread answered a read with no size')
  return { size: answer.size, bytes: answer.bytes }
}
