import type { Worker } from 'node:worker_threads'
import { startWorker } from '../threads/start-worker'
import type { HashAnswer, HashRequest } from './sha256-protocol'

// SHA-256 of stored bytes, computed on one worker thread per process instead of the event loop
// (decision 0105). Where the CPU has no SHA instructions, hashing costs about 4 ms per MiB: more than
// receiving, writing and syncing the same MiB together, so on the event loop it set the pace of every
// upload. Bytes are copied (a plain memcpy, about 0.07 ms/MiB) into shared 1 MiB slots that the
// worker hashes while the event loop fills the next one; a hash holds its slots only until it is
// flushed, so a running hash kept between two appends costs no memory but the worker's few hundred bytes.
// The thread's program is sha256.worker.ts.

const SLOT_BYTES = 1 << 20
/** Slots a hash fills and hands over in turn: one filling, one or two being hashed. */
const SLOTS_PER_HASH = 3

type Reply = { hex?: string } | { error: Error }

interface HashThread {
  worker: Worker
  /** Callbacks of the requests still unanswered, by sequence number. */
  replies: Map<number, (reply: Reply) => void>
  alive: boolean
}

let current: HashThread | undefined
let nextSeq = 1
let nextId = 1

function hashThread(): HashThread {
  if (current?.alive) return current
  const worker = startWorker('lib/storage/sha256.worker.ts')
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
    if (current === thread) current = undefined
    const reason = new Error('the hashing thread stopped', { cause: error })
    for (const reply of thread.replies.values()) reply({ error: reason })
    thread.replies.clear()
  }
  worker.on('error', fail)
  worker.on('exit', () => fail())
  current = thread
  return thread
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

/** The worker's hashes of collected ThreadedSha256 objects are dropped with them. */
const dropOnCollect = new FinalizationRegistry<{ thread: HashThread; id: number }>(({ thread, id }) => {
  if (thread.alive) thread.worker.postMessage({ op: 'drop', id } satisfies HashRequest)
})

/** What the replies of one hash's requests update: never the hash object itself, so it can be collected. */
interface SlotState {
  free: Uint8Array[]
  allocated: number
  /** Updates sent and not yet hashed. */
  hashing: number
  /** Resolved when a slot comes back or the worker fails; a waiting update() then carries on. */
  wake: (() => void) | undefined
  failure: Error | undefined
}

/**
 * An incremental SHA-256 whose hashing runs on the process's hashing thread. `update` copies the bytes
 * and usually answers at once; it answers a promise when every slot is still being hashed, and the
 * next update must wait for it (backpressure). Updates are hashed in the order they were made.
 */
export class ThreadedSha256 {
  private readonly thread = hashThread()
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
    dropOnCollect.register(this, { thread: this.thread, id: this.id }, this)
  }

  /** False once the hashing thread has stopped: this hash's state is lost, and it must be rebuilt. */
  get usable(): boolean {
    return this.thread.alive && !this.finished && !this.slots.failure
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

  /** Hands over what is copied and waits until all of it is hashed; the slots are let go meanwhile. */
  async flush(): Promise<void> {
    this.assertUsable()
    if (this.fill > 0) this.send()
    while (this.slots.hashing > 0 && !this.slots.failure) await this.slotReturned()
    if (this.slots.failure) throw this.slots.failure
    this.slots.free = []
    this.slots.allocated = 0
  }

  /** Lowercase hex digest of everything updated; the hash is finished. */
  async digest(): Promise<string> {
    return this.askDigest(false)
  }

  /** Lowercase hex digest of everything updated so far; the hash goes on. */
  async digestSoFar(): Promise<string> {
    return this.askDigest(true)
  }

  private async askDigest(keep: boolean): Promise<string> {
    await this.flush()
    if (!keep) {
      this.finished = true
      dropOnCollect.unregister(this)
    }
    const reply = await ask(this.thread, { op: 'digest', id: this.id, keep })
    if ('error' in reply) throw reply.error
    return reply.hex!
  }

  private assertUsable(): void {
    if (this.finished) throw new Error('this hash is finished')
    if (!this.thread.alive) throw new Error('the hashing thread stopped')
    if (this.slots.failure) throw this.slots.failure
  }

  private takeSlot(): Uint8Array | undefined {
    const free = this.slots.free.pop()
    if (free) return free
    if (this.slots.allocated === SLOTS_PER_HASH) return undefined
    this.slots.allocated++
    return new Uint8Array(new SharedArrayBuffer(SLOT_BYTES))
  }

  private send(): void {
    const slot = this.slot!
    const slots = this.slots
    const length = this.fill
    this.slot = undefined
    this.fill = 0
    slots.hashing++
    void ask(this.thread, {
      op: 'update',
      id: this.id,
      buffer: slot.buffer as SharedArrayBuffer,
      length,
    }).then((reply) => {
      slots.hashing--
      if ('error' in reply) slots.failure ??= reply.error
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
