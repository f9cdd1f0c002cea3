import type { Worker } from 'node:worker_threads'
import { startWorker } from '../../threads/start-worker'
import type { ContentHashes, HashAlgorithm, HashAnswer, HashRequest, HashThreadData } from './hash-protocol'

export type { ContentHashes }

// The SHA-256, SHA-1 and MD5 of stored bytes, computed on worker threads instead of the event loop
// (decisions 0105, 0120). Where the CPU has no SHA instructions, SHA-256 costs about 4 ms per MiB: more
// than receiving, writing and syncing the same MiB together, so on the event loop it set the pace of
// every upload. Bytes are copied (a plain memcpy, about 0.07 ms/MiB) into shared 1 MiB slots that the
// hashing threads read while the event loop fills the next one; a hash holds its slots only until it
// is flushed, so a running hash kept between two appends costs no memory but the threads' few hundred
// bytes. Slots let go are kept in a small pool for the next hash. MD5, the slowest of the three, has a
// thread of its own, so the three together go at MD5's pace rather than at the sum of theirs. The
// threads' program is hashes.worker.ts.

/** The algorithms each hashing thread computes: every slot goes to each thread. */
const THREAD_ALGORITHMS: HashAlgorithm[][] = [['sha256', 'sha1'], ['md5']]

const SLOT_BYTES = 1 << 20
/** Slots a hash fills and hands over in turn: one filling, one or two being hashed. */
const SLOTS_PER_HASH = 3
/**
 * Slots no hash holds, reused by the next hash. Without them every hash, however small its file, made
 * a shared 1 MiB buffer of its own, which is given back only once the event loop's isolate and both
 * hashing threads' have collected it: under a steady stream of small uploads these piled up between
 * two full collections (over 100 MiB of RSS in the load benchmark). At most POOLED_SLOTS are kept.
 */
const pool: Uint8Array[] = []
const POOLED_SLOTS = 8
let slotsMade = 0

/** Slots made since the process started, and slots pooled now (tests, diagnostics). */
export function hashSlotCounts(): { made: number; pooled: number } {
  return { made: slotsMade, pooled: pool.length }
}

type Reply = { hex?: HashAnswer['hex'] } | { error: Error }

interface HashThread {
  worker: Worker
  /** Callbacks of the requests still unanswered, by sequence number. */
  replies: Map<number, (reply: Reply) => void>
  alive: boolean
}

const current: (HashThread | undefined)[] = THREAD_ALGORITHMS.map(() => undefined)
let nextSeq = 1
let nextId = 1

function hashThread(index: number): HashThread {
  const running = current[index]
  if (running?.alive) return running
  const worker = startWorker('lib/storage/hashing/hashes.worker.ts', {
    workerData: { algorithms: THREAD_ALGORITHMS[index]! } satisfies HashThreadData,
  })
  const thread: HashThread = { worker, replies: new Map(), alive: true }
  worker.on('message', (message: HashAnswer) => {
    const reply = thread.replies.get(message.seq)
    thread.replies.delete(message.seq)
    if (thread.replies.size === 0) worker.unref()
    reply?.({ hex: message.hex })
  })
  // The worker keeps the process up only while an answer is awaited (ask): a CLI that hashed a file
  // still exits by itself.
  worker.unref()
  const fail = (error?: unknown) => {
    if (!thread.alive) return
    thread.alive = false
    if (current[index] === thread) current[index] = undefined
    const reason = new Error('the hashing thread stopped', { cause: error })
    for (const reply of thread.replies.values()) reply({ error: reason })
    thread.replies.clear()
  }
  worker.on('error', fail)
  worker.on('exit', () => fail())
  current[index] = thread
  return thread
}

function hashThreads(): HashThread[] {
  return THREAD_ALGORITHMS.map((_, index) => hashThread(index))
}

type Unsent<R> = R extends { seq: number } ? Omit<R, 'seq'> : never

function ask(thread: HashThread, message: Unsent<HashRequest>): Promise<Reply> {
  if (!thread.alive) return Promise.resolve({ error: new Error('the hashing thread stopped') })
  const seq = nextSeq++
  return new Promise((resolve) => {
    thread.replies.set(seq, resolve)
    thread.worker.ref()
    thread.worker.postMessage({ ...message, seq } as HashRequest)
  })
}

/** The threads' hashes of collected ThreadedHashes objects are dropped with them. */
const dropOnCollect = new FinalizationRegistry<{ threads: HashThread[]; id: number }>(({ threads, id }) => {
  for (const thread of threads)
    if (thread.alive) thread.worker.postMessage({ op: 'drop', id } satisfies HashRequest)
})

/** What the replies of one hash's requests update: never the hash object itself, so it can be collected. */
interface SlotState {
  free: Uint8Array[]
  allocated: number
  /** Updates sent and not yet hashed by every thread. */
  hashing: number
  /** Resolved when a slot comes back or the worker fails; a waiting update() then carries on. */
  wake: (() => void) | undefined
  failure: Error | undefined
}

/**
 * An incremental SHA-256, SHA-1 and MD5 whose hashing runs on the process's hashing threads. `update`
 * copies the bytes and usually answers at once; it answers a promise when every slot is still being
 * hashed, and the next update must wait for it (backpressure). Updates are hashed in the order they
 * were made.
 */
export class ThreadedHashes {
  private readonly threads = hashThreads()
  private readonly id = nextId++
  private readonly slots: SlotState = {
    free: [],
    allocated: 0,
    hashing: 0,
    wake: undefined,
    failure: undefined,
  }
  private slot: Uint8Array | undefined
  private fill = 0
  private finished = false

  constructor() {
    dropOnCollect.register(this, { threads: this.threads, id: this.id }, this)
  }

  /** False once a hashing thread has stopped: this hash's state is lost, and it must be rebuilt. */
  get usable(): boolean {
    return this.threads.every((t) => t.alive) && !this.finished && !this.slots.failure
  }

  update(bytes: Uint8Array): Promise<void> | undefined {
    this.assertUsable()
    let at = 0
    while (at < bytes.byteLength) {
      this.slot ??= this.takeSlot()
      if (!this.slot) {
        const rest = bytes.subarray(at)
        return this.slotReturned().then(() => this.update(rest))
      }
      const n = Math.min(bytes.byteLength - at, this.slot.byteLength - this.fill)
      this.slot.set(bytes.subarray(at, at + n), this.fill)
      this.fill += n
      at += n
      if (this.fill === this.slot.byteLength) this.send()
    }
    return undefined
  }

  /** Hands over what is copied and waits until all of it is hashed; the slots go back to the pool. */
  async flush(): Promise<void> {
    this.assertUsable()
    if (this.fill > 0) this.send()
    while (this.slots.hashing > 0 && !this.slots.failure) await this.slotReturned()
    if (this.slots.failure) throw this.slots.failure
    for (const slot of this.slots.free) if (pool.length < POOLED_SLOTS) pool.push(slot)
    this.slots.free = []
    this.slots.allocated = 0
  }

  /** The digests of everything updated; the hash is finished. */
  async digest(): Promise<ContentHashes> {
    return this.askDigest(false)
  }

  /** The digests of everything updated so far; the hash goes on. */
  async digestSoFar(): Promise<ContentHashes> {
    return this.askDigest(true)
  }

  private async askDigest(keep: boolean): Promise<ContentHashes> {
    await this.flush()
    if (!keep) {
      this.finished = true
      dropOnCollect.unregister(this)
    }
    const replies = await Promise.all(
      this.threads.map((thread) => ask(thread, { op: 'digest', id: this.id, keep })),
    )
    const hex: Partial<ContentHashes> = {}
    for (const reply of replies) {
      if ('error' in reply) throw reply.error
      Object.assign(hex, reply.hex)
    }
    return hex as ContentHashes
  }

  private assertUsable(): void {
    if (this.finished) throw new Error('this hash is finished')
    if (!this.threads.every((t) => t.alive)) throw new Error('the hashing thread stopped')
    if (this.slots.failure) throw this.slots.failure
  }

  private takeSlot(): Uint8Array | undefined {
    const free = this.slots.free.pop()
    if (free) return free
    if (this.slots.allocated === SLOTS_PER_HASH) return undefined
    this.slots.allocated++
    const pooled = pool.pop()
    if (pooled) return pooled
    slotsMade++
    return new Uint8Array(new SharedArrayBuffer(SLOT_BYTES))
  }

  private send(): void {
    const slot = this.slot!
    const slots = this.slots
    const length = this.fill
    this.slot = undefined
    this.fill = 0
    slots.hashing++
    const buffer = slot.buffer as SharedArrayBuffer
    // The slot is free again once every thread has read it.
    void Promise.all(
      this.threads.map((thread) => ask(thread, { op: 'update', id: this.id, buffer, length })),
    ).then((replies) => {
      slots.hashing--
      const failed = replies.find((reply) => 'error' in reply)
      if (failed) slots.failure ??= failed.error
      else slots.free.push(slot)
      const wake = slots.wake
      slots.wake = undefined
      wake?.()
    })
  }

  private slotReturned(): Promise<void> {
    const slots = this.slots
    if (slots.failure) return Promise.reject(slots.failure)
    return new Promise<void>((resolve) => {
      const previous = slots.wake
      slots.wake = () => {
        previous?.()
        resolve()
      }
    }).then(() => {
      if (slots.failure) throw slots.failure
    })
  }
}
