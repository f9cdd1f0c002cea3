import { createHash, type Hash } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import type { HashAnswer, HashRequest } from './sha256-protocol'

// The hashing thread's program (decision 0105; started by threaded-sha256.ts): one SHA-256 per id,
// updated from the shared slot each request names, in the order requests were posted.

const port = parentPort
if (!port) throw new Error('sha256.worker.ts runs on a worker thread')
const hashes = new Map<number, Hash>()

function hashOf(id: number): Hash {
  const known = hashes.get(id)
  if (known) return known
  const hash = createHash('sha256')
  hashes.set(id, hash)
  return hash
}

port.on('message', (message: HashRequest) => {
  if (message.op === 'update') {
    hashOf(message.id).update(new Uint8Array(message.buffer, 0, message.length))
    port.postMessage({ seq: message.seq } satisfies HashAnswer)
  } else if (message.op === 'digest') {
    const hash = hashOf(message.id)
    const hex = (message.keep ? hash.copy() : hash).digest('hex')
    if (!message.keep) hashes.delete(message.id)
    port.postMessage({ seq: message.seq, hex } satisfies HashAnswer)
  } else {
    hashes.delete(message.id)
  }
})
