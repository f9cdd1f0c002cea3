import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Settings } from './lib/settings'
import { formatFixed, formatTable } from './lib/table'

/**
 * One large WebDAV PUT (BENCH_TRANSFER_MB, default 1 GiB) into /dav/My folders/Bench/ on loopback: the
 * body must stream into the blob store, so the server's peak RSS may grow by less than 64 MiB
 * (docs/decisions/0091). Prints the throughput and the growth; fails when the growth is larger.
 */

const MiB = 1 << 20
const GOAL_MIB = 64

export const webdavPut = {
  name: 'webdav-put',
  description: 'a large WebDAV PUT streams into the blob store with flat memory',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    const sizeMiB = Math.round(Number(process.env.BENCH_TRANSFER_MB?.trim() || 1024))
    const size = sizeMiB * MiB
    console.log(`\n## ${this.name}: ${this.description}`)
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-webdav-'))
    let child: ChildProcess | undefined
    try {
      const source = path.join(workDir, 'source.bin')
      const out = fs.openSync(source, 'w')
      const block = randomBytes(MiB)
      for (let i = 0; i < sizeMiB; i++) fs.writeSync(out, block)
      fs.closeSync(out)
      child = fork(path.resolve(import.meta.dirname, 'targets/depot-files.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      const target = child
      const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
        target.once('exit', (code) => reject(new Error(`Depot target exited (${code})`)))
        target.on('message', (m: { type: string; port: number; token: string }) => {
          if (m.type === 'ready') resolve(m)
        })
      })
      const peakRss = () =>
        new Promise<number>((resolve) => {
          const on = (m: { type: string; peakBytes: number }) => {
            if (m.type !== 'rss') return
            target.off('message', on)
            resolve(m.peakBytes)
          }
          target.on('message', on)
          target.send({ type: 'rss' })
        })
      console.log(`   ${sizeMiB} MiB file, ${settings.rounds} round(s)\n`)
      const before = await peakRss()
      const rates: number[] = []
      for (let round = 0; round < settings.rounds; round++) {
        const started = performance.now()
        const status = await put(
          ready.port,
          ready.token,
          `/dav/My%20folders/Bench/big-${round}.bin`,
          source,
          size,
        )
        if (status !== 201) throw new Error(`PUT → ${status}`)
        rates.push(size / MiB / ((performance.now() - started) / 1000))
      }
      const growthMiB = ((await peakRss()) - before) / MiB
      const best = Math.max(...rates)
      console.log(
        formatTable(
          ['', 'MB/s (best)', 'peak RSS growth (MiB)', `goal < ${GOAL_MIB} MiB`],
          [
            [
              `WebDAV PUT of ${sizeMiB} MiB`,
              formatFixed(best, 1),
              formatFixed(growthMiB, 1),
              growthMiB < GOAL_MIB ? 'met' : 'MISSED',
            ],
          ],
        ),
      )
      return { ok: growthMiB < GOAL_MIB }
    } finally {
      child?.kill('SIGTERM')
      fs.rmSync(workDir, { recursive: true, force: true })
    }
  },
}

function put(port: number, token: string, urlPath: string, source: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: urlPath,
        headers: {
          Authorization: `Basic ${Buffer.from(`bench:${token}`).toString('base64')}`,
          'Content-Length': String(size),
          'Content-Type': 'application/octet-stream',
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    fs.createReadStream(source).pipe(req)
  })
}
