import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Settings } from './lib/settings'
import { halfSpread } from './lib/stats'
import { formatFixed, formatPercent, formatTable } from './lib/table'
import type { FromStorageTarget, Mode, ToStorageTarget } from './targets/storage-disk-stream'

/**
 * A large file streamed through the disk driver, written (put) and read back (get), against a raw
 * `fs.createReadStream → pipeline → fs.createWriteStream` copy of the same file on the same disk.
 * Not HTTP: each way runs in its own process, repeats its operation for BENCH_SECONDS per round,
 * and reports MB/s, CPU per GiB and peak memory.
 */

interface Way {
  mode: Mode
  label: string
}

const WAYS: readonly Way[] = [
  { mode: 'raw-copy', label: 'raw copy: createReadStream → createWriteStream (baseline)' },
  { mode: 'raw-copy-fsync', label: 'raw copy + fsync before close' },
  { mode: 'depot-put', label: 'disk driver put (SHA-256, fsync, rename)' },
  { mode: 'depot-get', label: 'disk driver get → createWriteStream' },
]
const BASELINE: Mode = 'raw-copy'
const MiB = 1 << 20
const GiB = 1 << 30

interface Measured {
  operations: number
  bytes: number
  ms: number
  cpuMicros: number
  peakRss: number
}

export const storageDisk = {
  name: 'storage-disk',
  description: 'stream a large file through the disk driver (put, get) against a raw fs pipe',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    const sizeMiB = Math.round(Number(process.env.BENCH_STORAGE_MB?.trim() || 1024))
    if (!(sizeMiB > 0)) throw new Error(`BENCH_STORAGE_MB must be a positive number of MiB.`)
    console.log(`\n## ${this.name}: ${this.description}`)
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-storage-'))
    const children: ChildProcess[] = []
    try {
      const sourceFile = path.join(workDir, 'source')
      writeSource(sourceFile, sizeMiB * MiB)
      console.log(
        `   ${sizeMiB} MiB file in ${workDir}, ${settings.rounds} round(s) × ≥ ${settings.seconds} s per way ` +
          '(order reversed every other round; every way runs at least one whole operation)\n',
      )
      const targets = new Map<Mode, StorageTarget>()
      for (const way of WAYS) {
        const dir = fs.mkdtempSync(path.join(workDir, `${way.mode}-`))
        const target = await startStorageTarget(way.mode, sourceFile, dir)
        children.push(target.child)
        targets.set(way.mode, target)
      }
      const results = new Map<Mode, Measured[]>()
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? WAYS : [...WAYS].reverse()
        for (const way of order) {
          const m = await targets.get(way.mode)!.measure(settings.seconds)
          results.set(way.mode, [...(results.get(way.mode) ?? []), m])
          console.log(
            `   round ${round + 1}  ${way.label.padEnd(58)} ${formatFixed(rate(m), 0).padStart(6)} MB/s` +
              `   CPU ${formatPercent(m.cpuMicros / 1000 / m.ms)}   ${m.operations} op(s)`,
          )
        }
      }

      const summary = WAYS.map((way) => summarise(way, results.get(way.mode) ?? []))
      const base = summary.find((s) => s.way.mode === BASELINE)!
      console.log()
      console.log(
        formatTable(
          [
            'way',
            'MB/s',
            '± rounds',
            'CPU s/GiB',
            'CPU share',
            'peak RSS MiB',
            'MB/s ÷ raw',
            'CPU/GiB ÷ raw',
          ],
          summary.map((s) => [
            s.way.label,
            formatFixed(s.mbPerSecond, 0),
            formatPercent(halfSpread(s.roundRates)),
            formatFixed(s.cpuSecondsPerGiB, 2),
            formatPercent(s.cpuShare),
            formatFixed(s.peakRss / MiB, 0),
            formatFixed(s.mbPerSecond / base.mbPerSecond, 2),
            formatFixed(s.cpuSecondsPerGiB / base.cpuSecondsPerGiB, 2),
          ]),
        ),
      )
      console.log(
        '   MB = 10^6 bytes. CPU s/GiB = CPU seconds (user + system) per GiB moved; CPU share = of one core.',
      )
      console.log(
        '   put vs raw copy + fsync = what hashing, the size check and the rename cost beyond durability;',
      )
      console.log('   get vs raw copy = the driver read path (1 MiB reads) against 64 KiB default reads.')
      return { ok: true }
    } finally {
      for (const child of children) child.kill()
      fs.rmSync(workDir, { recursive: true, force: true })
    }
  },
}

/** A random-looking file (random 1 MiB blocks, so nothing compresses or deduplicates). */
function writeSource(file: string, size: number): void {
  const block = randomBytes(MiB)
  const fd = fs.openSync(file, 'w')
  try {
    for (let written = 0; written < size; written += MiB) {
      block.writeUInt32LE(written / MiB, 0)
      fs.writeSync(fd, block, 0, Math.min(MiB, size - written))
    }
  } finally {
    fs.closeSync(fd)
  }
}

interface StorageTarget {
  child: ChildProcess
  measure(seconds: number): Promise<Measured>
}

async function startStorageTarget(mode: Mode, sourceFile: string, workDir: string): Promise<StorageTarget> {
  const child = fork(
    path.resolve(import.meta.dirname, 'targets/storage-disk-stream.ts'),
    [mode, sourceFile, workDir],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const next = () =>
    new Promise<FromStorageTarget>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${mode} exited (code ${code})`))
      child.once('exit', onExit)
      child.once('message', (message: FromStorageTarget) => {
        child.off('exit', onExit)
        if (message.type === 'failed') reject(new Error(`${mode} failed:\n${message.message}`))
        else resolve(message)
      })
    })
  const ready = await next()
  if (ready.type !== 'ready') throw new Error(`${mode} did not start`)
  return {
    child,
    async measure(seconds) {
      const answer = next()
      child.send({ type: 'measure', seconds } satisfies ToStorageTarget)
      const message = await answer
      if (message.type !== 'measured') throw new Error(`${mode}: unexpected answer ${message.type}`)
      return message
    },
  }
}

function summarise(way: Way, measured: readonly Measured[]) {
  const bytes = measured.reduce((sum, m) => sum + m.bytes, 0)
  const ms = measured.reduce((sum, m) => sum + m.ms, 0)
  const cpuMicros = measured.reduce((sum, m) => sum + m.cpuMicros, 0)
  return {
    way,
    mbPerSecond: bytes / 1e6 / (ms / 1000),
    roundRates: measured.map(rate),
    cpuSecondsPerGiB: cpuMicros / 1e6 / (bytes / GiB),
    cpuShare: cpuMicros / 1000 / ms,
    peakRss: Math.max(...measured.map((m) => m.peakRss)),
  }
}

const rate = (m: Measured) => m.bytes / 1e6 / (m.ms / 1000)
