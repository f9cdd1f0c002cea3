import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createDiskBlobStore } from '../../src/server/lib/storage'

// One way of streaming a large file on disk, in its own process so its CPU time is its own. The
// runner (storage-disk.bench.ts) asks it over IPC to repeat its operation for some seconds and answers
// with bytes, time, CPU and peak memory. Arguments: <mode> <source file> <work dir>.
//   raw-copy        fs.createReadStream → pipeline → fs.createWriteStream (defaults): the baseline
//   raw-copy-fsync  the same with flush: true, i.e. fsync before close: what durability costs alone
//   depot-put       store.put(fs.createReadStream(source)): SHA-256, size limit check, fsync, rename
//   depot-get       store.get(key).body → pipeline → fs.createWriteStream: the driver's read path

export type Mode = 'raw-copy' | 'raw-copy-fsync' | 'depot-put' | 'depot-get'
export type ToStorageTarget = { type: 'measure'; seconds: number } | { type: 'stop' }
export type FromStorageTarget =
  | { type: 'ready' }
  | { type: 'measured'; operations: number; bytes: number; ms: number; cpuMicros: number; peakRss: number }
  | { type: 'failed'; message: string }

const [mode, sourceFile, workDir] = process.argv.slice(2) as [Mode, string, string]
const send = (message: FromStorageTarget) => process.send?.(message)
const store = createDiskBlobStore(path.join(workDir, 'blobs'))
const copyTarget = path.join(workDir, 'copy')
const sourceSize = fs.statSync(sourceFile).size
let storedKey: string | undefined

/** One operation; returns the bytes it moved. */
async function once(): Promise<number> {
  switch (mode) {
    case 'raw-copy':
    case 'raw-copy-fsync':
      await pipeline(
        fs.createReadStream(sourceFile),
        fs.createWriteStream(copyTarget, { flush: mode === 'raw-copy-fsync' }),
      )
      fs.rmSync(copyTarget)
      return sourceSize
    case 'depot-put': {
      const { key, size } = await store.put(fs.createReadStream(sourceFile))
      await store.delete(key)
      return size
    }
    case 'depot-get': {
      storedKey ??= (await store.put(fs.createReadStream(sourceFile))).key // once, not measured
      const read = await store.get(storedKey)
      await pipeline(read.body, fs.createWriteStream(copyTarget))
      fs.rmSync(copyTarget)
      return read.size
    }
  }
}

async function measure(seconds: number): Promise<void> {
  if (mode === 'depot-get' && !storedKey) storedKey = (await store.put(fs.createReadStream(sourceFile))).key
  let peakRss = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, 20)
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  let bytes = 0
  let operations = 0
  // At least once, then until the time is up: a measurement never cuts an operation short.
  do {
    bytes += await once()
    operations++
  } while (performance.now() - started < seconds * 1000)
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  clearInterval(sampler)
  send({ type: 'measured', operations, bytes, ms, cpuMicros: cpu.user + cpu.system, peakRss })
}

if (!process.send) {
  console.error('A target runs as a child of bench/run.ts (npm run bench), not on its own.')
  process.exit(1)
}
process.on('disconnect', () => process.exit(0))
process.on('message', (message: ToStorageTarget) => {
  if (message.type === 'stop') process.exit(0)
  measure(message.seconds).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    process.exit(1)
  })
})
send({ type: 'ready' })
