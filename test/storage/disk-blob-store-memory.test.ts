import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable, Writable } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'
import { afterAll, expect, it } from 'vitest'
import { createDiskBlobStore } from '../../src/server/lib/storage'
import { collectGarbage } from '../support/collect-garbage'

// product.md §2: "Uploads and downloads stream: memory does not grow with file size". 512 MiB go
// through the disk driver and back while the process's resident memory is sampled; the growth must
// stay a small fraction of the size. (Vitest runs each test file in its own process, so other
// files' work does not show in this RSS.) The test's own source and sink allocate a fresh chunk each
// time, as a socket does; they collect that garbage every 16 MiB, so what the bound measures is what
// the driver holds and not how late V8 gets round to freeing Buffers on a loaded machine.

const MiB = 1 << 20
const SIZE = 512 * MiB
const CHUNK = 256 * 1024
/** Generous for buffers, GC lag and JIT, and still 8× under the blob's size. */
const MAX_GROWTH = 64 * MiB
const COLLECT_EVERY = 16 * MiB

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-disk-memory-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** `size` bytes in fresh chunks, as a socket delivers them, hashed on the way. */
function generated(size: number): { stream: Readable; sha256: () => string } {
  const pattern = randomBytes(CHUNK * 2)
  const hash = createHash('sha256')
  let sent = 0
  const stream = new Readable({
    read() {
      if (sent >= size) return void this.push(null)
      const length = Math.min(CHUNK, size - sent)
      const offset = (sent / CHUNK) % CHUNK // a different slice each time
      const chunk = Buffer.from(pattern.subarray(offset, offset + length)) // a copy: a new allocation
      hash.update(chunk)
      sent += length
      if (sent % COLLECT_EVERY === 0) collectGarbage()
      this.push(chunk)
    },
  })
  return { stream, sha256: () => hash.digest('hex') }
}

function sampleRss(): { peak: () => number; stop: () => void } {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 10)
  return { peak: () => Math.max(peak, process.memoryUsage.rss()), stop: () => clearInterval(timer) }
}

it('streams 512 MiB in and out of the disk driver with flat memory', async () => {
  const store = createDiskBlobStore(root)
  // Warm up the code paths once so their first-use allocations are not counted.
  const warm = await store.get((await store.put(generated(4 * MiB).stream)).key)
  await finished(warm.body.resume())
  collectGarbage()
  const baseline = process.memoryUsage.rss()
  const sampler = sampleRss()
  try {
    const source = generated(SIZE)
    const written = await store.put(source.stream)
    expect(written.size).toBe(SIZE)
    expect(written.sha256).toBe(source.sha256())
    const writeGrowth = sampler.peak() - baseline

    const read = await store.get(written.key)
    const hash = createHash('sha256')
    let bytes = 0
    await pipeline(
      read.body,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          hash.update(chunk)
          bytes += chunk.length
          if (bytes % COLLECT_EVERY === 0) collectGarbage()
          callback()
        },
      }),
    )
    expect(bytes).toBe(SIZE)
    expect(hash.digest('hex')).toBe(written.sha256)
    const growth = sampler.peak() - baseline
    console.info(
      `disk driver, 512 MiB: RSS grew ${(writeGrowth / MiB).toFixed(1)} MiB writing, ` +
        `${(growth / MiB).toFixed(1)} MiB at most over write and read`,
    )
    expect(growth).toBeLessThan(MAX_GROWTH)
  } finally {
    sampler.stop()
  }
}, 60_000)
