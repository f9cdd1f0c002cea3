import { createHash, type Hash } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'
import type { HashAlgorithm, HashAnswer, HashRequest, HashThreadData } from './hash-protocol'

// A hashing thread's program (decision 0105, 0120; started by threaded-hashes.ts): for each id, one
// running hash per algorithm this thread was given, updated from the shared slot each request names,
// in the order requests were posted.

const port = parentPort
if (!port) throw new Error('hashes.worker.ts runs on a worker thread')
const { algorithms } = workerData as HashThreadData
const hashes = new Map<number, Hash[]>()

function hashesOf(id: number): Hash[] {
  const known = hashes.get(id)
  if (known) return known
  const made = algorithms.map((algorithm) => createHash(algorithm))
  hashes.set(id, made)
  return made
}

port.on('message', (message: HashRequest) => {
  if (message.op === 'update') {
    const bytes = new Uint8Array(message.buffer, 0, message.length)
    for (const hash of hashesOf(message.id)) hash.update(bytes)
    port.postMessage({ seq: message.seq } satisfies HashAnswer)
  } else if (message.op === 'digest') {
    const running = hashesOf(message.id)
    const hex: Partial<Record<HashAlgorithm, string>> = {}
    for (const [i, algorithm] of algorithms.entries())
      hex[algorithm] = (message.keep ? running[i]!.copy() : running[i]!).digest('hex')
    if (!message.keep) hashes.delete(message.id)
    port.postMessage({ seq: message.seq, hex } satisfies HashAnswer)
  } else {
    hashes.delete(message.id)
  }
})
