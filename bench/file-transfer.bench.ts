import { type ChildProcess, execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Settings } from './lib/settings'
import { formatFixed, formatTable } from './lib/table'
import {
  type Cpu,
  type DepotTarget,
  download,
  mainThreadCpu,
  type NodeUploadTarget,
  putFile,
  startDepot,
  startNginx,
  startNodeUpload,
  upload,
} from './lib/transfer-targets'

/**
 * A large file (BENCH_TRANSFER_MB, default 1 GiB) uploaded to and downloaded from Depot over HTTP on
 * loopback. The upload's baseline is a bare `node:http` server doing `req.pipe(fs.createWriteStream())`
 * (targets/node-http-upload.ts), sent the same bytes the same way in the same round; the download's is
 * nginx serving the same file. Upload = one tus PATCH of the whole file, timed until the server answers
 * (which includes the final sync and moving the staging file into the blob store). A raw disk pipe
 * (createReadStream → createWriteStream) is printed for reference, and the speed of SHA-256 on one
 * core, which bounds an upload that hashes every byte (without SHA instructions it is slower than
 * the baseline's whole transfer). CPU per MiB is each server process's
 * CPU time (all its threads) over the bytes it took or sent: steadier than MB/s on a busy machine.
 * Peak memory of the Depot process is its max RSS. nginx comes from Debian (`apt-get install -y
 * nginx`); without it its rows are skipped.
 */

const MiB = 1 << 20

interface Row {
  label: string
  mbps: number[]
  /** CPU microseconds of the serving process, summed over the rounds (when measured). */
  cpuMicros?: number
  /** The same, of its main thread alone (the event loop); NaN where /proc is not there. */
  mainMicros?: number
}

// The goals (docs: bench/README.md, file-transfer).
const GOAL_UPLOAD_VS_NODE = 0.8
const GOAL_DOWNLOAD_VS_NGINX = 0.7
const GOAL_ACCEL_VS_NGINX = 0.9
const GOAL_RSS_GROWTH_MIB = 64

export const fileTransfer = {
  name: 'file-transfer',
  description: 'upload and download a large file through Depot against node:http and nginx',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    const sizeMiB = Math.round(Number(process.env.BENCH_TRANSFER_MB?.trim() || 1024))
    const size = sizeMiB * MiB
    console.log(`\n## ${this.name}: ${this.description}`)
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-transfer-'))
    let depot: DepotTarget | undefined
    let accelDepot: DepotTarget | undefined
    let nodeUpload: NodeUploadTarget | undefined
    let nginx: ChildProcess | undefined
    try {
      const source = path.join(workDir, 'source.bin')
      writeSource(source, size)
      depot = await startDepot([], settings.cpuProfileDir)
      nodeUpload = await startNodeUpload()
      // A second Depot with DOWNLOAD_ACCEL_PREFIX, behind the same nginx (its own data folder).
      accelDepot = await startDepot(['accel'])
      const ports = await startNginx(workDir, accelDepot).then(
        (n) => {
          nginx = n?.child
          return n
        },
        (error: unknown) => {
          console.log(`   nginx could not start (${(error as Error).message}); its rows are skipped.`)
          return undefined
        },
      )
      const nginxPort = ports?.port
      console.log(`   ${sizeMiB} MiB file, ${settings.rounds} round(s)\n`)

      const rows: Record<string, Row> = {
        raw: { label: 'raw disk pipe: createReadStream → createWriteStream (reference)', mbps: [] },
        rawSynced: { label: 'the same, until fdatasync: the disk’s durable write (reference)', mbps: [] },
        sha256: { label: 'SHA-256 of the file on one core: the most a hashing upload can take', mbps: [] },
        nodeUp: {
          label: 'node:http req.pipe(createWriteStream): one PUT, until 204 (upload baseline)',
          mbps: [],
          cpuMicros: 0,
        },
        up: {
          label: 'Depot upload: one tus PATCH, until 204 (incl. commit to blob store)',
          mbps: [],
          cpuMicros: 0,
        },
        down: { label: 'Depot download: GET /api/files/:id/download', mbps: [], cpuMicros: 0 },
        nginx: { label: 'nginx: GET of the same file (static, sendfile)', mbps: [] },
        accel: { label: 'Depot behind nginx, DOWNLOAD_ACCEL_PREFIX (X-Accel-Redirect)', mbps: [] },
      }
      const startPeak = await depot.peakRss()
      const accelStartPeak = await accelDepot.peakRss()
      let uploadPeak = 0
      // The accelerated Depot's copy of the file, uploaded once, untimed.
      const accelFileId = ports?.accelPort ? await upload(accelDepot, source, size) : ''
      // Each path once with a small file first, untimed: a download of 1 GiB takes a third of a second, so
      // a first request's start-up (code loaded and compiled, statements prepared) would count.
      await warmUp(workDir, { depot, accelDepot, nodeUpload, ports })
      for (let round = 0; round < settings.rounds; round++) {
        rows.raw!.mbps.push(await timed(size, () => rawPipe(source, path.join(workDir, 'copy.bin'))))
        fs.rmSync(path.join(workDir, 'copy.bin'), { force: true })
        execFileSync('sync')
        rows.rawSynced!.mbps.push(
          await timed(size, () => rawSyncedPipe(source, path.join(workDir, 'copy.bin'))),
        )
        rows.sha256!.mbps.push(await timed(size, () => sha256File(source)))
        let fileId = ''
        const depotUpload = () =>
          measured(rows.up!, depot!, size, async () => {
            fileId = await upload(depot!, source, size)
          })
        const nodeHttpUpload = () =>
          measured(rows.nodeUp!, nodeUpload!, size, () => putFile(nodeUpload!.port, source, size))
        // Side by side, the first one swapped every other round (the page cache favours the second).
        if (round % 2 === 0) {
          await nodeHttpUpload()
          await depotUpload()
        } else {
          await depotUpload()
          await nodeHttpUpload()
        }
        uploadPeak = await depot.peakRss()
        // The three downloads back to back from a clean page cache, in the other order every other round.
        execFileSync('sync')
        const downloads = [
          () =>
            measured(rows.down!, depot!, size, () =>
              download(depot!.port, `/api/files/${fileId}/download`, depot!.cookie, size),
            ),
          async () => {
            if (nginxPort)
              rows.nginx!.mbps.push(await timed(size, () => download(nginxPort, '/source.bin', '', size)))
          },
          async () => {
            if (ports?.accelPort)
              rows.accel!.mbps.push(
                await timed(size, () =>
                  download(ports.accelPort, `/api/files/${accelFileId}/download`, accelDepot!.cookie, size),
                ),
              )
          },
        ]
        for (const run of round % 2 === 0 ? downloads : downloads.toReversed()) await run()
        fs.rmSync(path.join(workDir, 'copy.bin'), { force: true })
        for (const [, row] of Object.entries(rows)) {
          const last = row.mbps.at(-1)
          if (last !== undefined && row.mbps.length === round + 1)
            console.log(
              `   round ${round + 1}  ${row.label.padEnd(72)} ${formatFixed(last, 0).padStart(6)} MB/s`,
            )
        }
      }
      const totalPeak = await depot.peakRss()
      const accelPeak = await accelDepot.peakRss()
      const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN)
      const nodeUp = mean(rows.nodeUp!.mbps)
      const ngx = mean(rows.nginx!.mbps)
      const perMiB = (r: Row, micros: number | undefined) =>
        micros === undefined ? Number.NaN : micros / 1000 / ((r.mbps.length * size) / MiB)
      const cpuPerMiB = (r: Row) => perMiB(r, r.cpuMicros)
      const mainPerMiB = (r: Row) => perMiB(r, r.mainMicros)
      console.log()
      console.log(
        formatTable(
          ['way', 'MB/s', 'CPU ms/MiB', 'main thread', '÷ node:http upload', '÷ nginx'],
          Object.values(rows)
            .filter((r) => r.mbps.length > 0)
            .map((r) => [
              r.label,
              formatFixed(mean(r.mbps), 0),
              r.cpuMicros === undefined ? '' : formatFixed(cpuPerMiB(r), 2),
              r.mainMicros === undefined ? '' : formatFixed(mainPerMiB(r), 2),
              formatFixed(mean(r.mbps) / nodeUp, 2),
              formatFixed(mean(r.mbps) / ngx, 2),
            ]),
        ),
      )
      console.log(
        `   Upload CPU per MiB, Depot ÷ node:http: ${formatFixed(cpuPerMiB(rows.up!) / cpuPerMiB(rows.nodeUp!), 2)} for the process, ${formatFixed(mainPerMiB(rows.up!) / mainPerMiB(rows.nodeUp!), 2)} for the main thread (load average now: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}).`,
      )
      console.log(
        `   Depot upload ÷ SHA-256 on one core (Depot hashes every byte it stores, on a thread of its own): ${formatFixed(mean(rows.up!.mbps) / mean(rows.sha256!.mbps), 2)}; node:http ÷ SHA-256: ${formatFixed(nodeUp / mean(rows.sha256!.mbps), 2)}.`,
      )
      console.log(
        `   Depot upload ÷ the disk's durable write (a tus offset is saved only once its bytes are on disk): ${formatFixed(mean(rows.up!.mbps) / mean(rows.rawSynced!.mbps), 2)}.`,
      )
      console.log(
        `   Depot peak RSS: ${formatFixed(startPeak / MiB, 0)} MiB at start, ${formatFixed(uploadPeak / MiB, 0)} MiB after the uploads, ${formatFixed(totalPeak / MiB, 0)} MiB after the downloads (file: ${sizeMiB} MiB).`,
      )
      const ratio = (row: Row, base: Row) => mean(row.mbps) / mean(base.mbps)
      const goalRow = (what: string, figure: number, goal: string, met: boolean) => [
        what,
        Number.isNaN(figure) ? 'n/a' : formatFixed(figure, 2),
        goal,
        Number.isNaN(figure) ? 'skipped' : met ? 'met' : 'MISSED',
      ]
      const up = ratio(rows.up!, rows.nodeUp!)
      const down = ratio(rows.down!, rows.nginx!)
      const accel = ratio(rows.accel!, rows.nginx!)
      const growth = (totalPeak - startPeak) / MiB
      const accelGrowth = (accelPeak - accelStartPeak) / MiB
      console.log()
      console.log(
        formatTable(
          ['what', 'figure', 'goal', 'met?'],
          [
            goalRow(
              'upload (tus PATCH) ÷ node:http req.pipe upload',
              up,
              `≥ ${GOAL_UPLOAD_VS_NODE}`,
              up >= GOAL_UPLOAD_VS_NODE,
            ),
            goalRow(
              'download (Depot alone) ÷ nginx',
              down,
              `≥ ${GOAL_DOWNLOAD_VS_NGINX}`,
              down >= GOAL_DOWNLOAD_VS_NGINX,
            ),
            goalRow(
              'download (accel behind nginx) ÷ nginx',
              accel,
              `≥ ${GOAL_ACCEL_VS_NGINX}`,
              accel >= GOAL_ACCEL_VS_NGINX,
            ),
            goalRow(
              'Depot RSS growth, upload + download (MiB)',
              growth,
              `< ${GOAL_RSS_GROWTH_MIB}`,
              growth < GOAL_RSS_GROWTH_MIB,
            ),
            goalRow(
              'Depot (accel) RSS growth, upload + download (MiB)',
              ports?.accelPort ? accelGrowth : Number.NaN,
              `< ${GOAL_RSS_GROWTH_MIB}`,
              accelGrowth < GOAL_RSS_GROWTH_MIB,
            ),
          ],
        ),
      )
      if (!nginxPort)
        console.log('   nginx not found: install it with `apt-get install -y nginx` for the nginx rows.')
      return { ok: true }
    } finally {
      await depot?.stop()
      await accelDepot?.stop()
      await nodeUpload?.stop()
      nginx?.kill()
      fs.rmSync(workDir, { recursive: true, force: true })
    }
  },
}

async function warmUp(
  workDir: string,
  targets: {
    depot: DepotTarget
    accelDepot: DepotTarget
    nodeUpload: NodeUploadTarget
    ports: { port: number; accelPort: number } | undefined
  },
): Promise<void> {
  const { depot, accelDepot, nodeUpload, ports } = targets
  const small = path.join(workDir, 'warm.bin')
  writeSource(small, MiB)
  fs.chmodSync(small, 0o644)
  await putFile(nodeUpload.port, small, MiB)
  const id = await upload(depot, small, MiB)
  await download(depot.port, `/api/files/${id}/download`, depot.cookie, MiB)
  if (!ports) return
  await download(ports.port, '/warm.bin', '', MiB)
  const accelId = await upload(accelDepot, small, MiB)
  await download(ports.accelPort, `/api/files/${accelId}/download`, accelDepot.cookie, MiB)
}

async function timed(size: number, run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await run()
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  return size / 1e6 / seconds
}

/**
 * Times `run` as a row's round, adding the target process's CPU time over it to the row's. Dirty pages
 * are flushed first (`sync`, not timed): the node:http baseline never syncs, so its 1 GiB would
 * otherwise be written back to disk during whatever runs next, and Depot, which syncs, would wait.
 */
async function measured(row: Row, target: Cpu, size: number, run: () => Promise<unknown>): Promise<void> {
  execFileSync('sync')
  const cpuBefore = await target.cpu()
  const mainBefore = mainThreadCpu(target.child)
  row.mbps.push(await timed(size, run))
  row.cpuMicros = (row.cpuMicros ?? 0) + ((await target.cpu()) - cpuBefore)
  row.mainMicros = (row.mainMicros ?? 0) + (mainThreadCpu(target.child) - mainBefore)
}

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

async function rawPipe(from: string, to: string): Promise<void> {
  await pipeline(fs.createReadStream(from, { highWaterMark: MiB }), fs.createWriteStream(to))
}

/** The file's SHA-256 in this process, read from the page cache: one core's hashing speed. */
async function sha256File(file: string): Promise<void> {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MiB })) hash.update(chunk as Buffer)
  hash.digest()
}

/** The same pipe, timed until its bytes are on disk: the disk's durable write speed. */
async function rawSyncedPipe(from: string, to: string): Promise<void> {
  await rawPipe(from, to)
  const fd = fs.openSync(to, 'r+')
  try {
    fs.fdatasyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
