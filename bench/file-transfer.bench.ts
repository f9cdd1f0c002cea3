import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Settings } from './lib/settings'
import { formatFixed, formatTable } from './lib/table'

/**
 * A large file (BENCH_TRANSFER_MB, default 1 GiB) uploaded to and downloaded from Depot over HTTP on
 * loopback, against a raw disk pipe (createReadStream → createWriteStream of the same file) and nginx
 * serving the same file. Upload = one tus PATCH of the whole file, timed until the server answers
 * (which includes moving the staging file into the blob store). Peak memory of the Depot process is
 * its max RSS. nginx comes from Debian (`apt-get install -y nginx`); without it its rows are skipped.
 */

const MiB = 1 << 20

interface Row {
  label: string
  mbps: number[]
}

interface DepotTarget {
  child: ChildProcess
  port: number
  cookie: string
  folderId: string
  dataDir: string
  stop(): Promise<void>
  peakRss(): Promise<number>
}

// The goals (docs: bench/README.md, file-transfer).
const GOAL_UPLOAD_VS_RAW = 0.8
const GOAL_DOWNLOAD_VS_NGINX = 0.7
const GOAL_ACCEL_VS_NGINX = 0.9
const GOAL_RSS_GROWTH_MIB = 64

export const fileTransfer = {
  name: 'file-transfer',
  description: 'upload and download a large file through Depot against a raw disk pipe and nginx',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    const sizeMiB = Math.round(Number(process.env.BENCH_TRANSFER_MB?.trim() || 1024))
    const size = sizeMiB * MiB
    console.log(`\n## ${this.name}: ${this.description}`)
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-transfer-'))
    let depot: DepotTarget | undefined
    let accelDepot: DepotTarget | undefined
    let nginx: ChildProcess | undefined
    try {
      const source = path.join(workDir, 'source.bin')
      writeSource(source, size)
      depot = await startDepot([], settings.cpuProfileDir)
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
        raw: { label: 'raw disk pipe: createReadStream → createWriteStream (baseline)', mbps: [] },
        up: { label: 'Depot upload: one tus PATCH, until 204 (incl. commit to blob store)', mbps: [] },
        down: { label: 'Depot download: GET /api/files/:id/download', mbps: [] },
        nginx: { label: 'nginx: GET of the same file (static, sendfile)', mbps: [] },
        accel: { label: 'Depot behind nginx, DOWNLOAD_ACCEL_PREFIX (X-Accel-Redirect)', mbps: [] },
      }
      const startPeak = await depot.peakRss()
      const accelStartPeak = await accelDepot.peakRss()
      let uploadPeak = 0
      for (let round = 0; round < settings.rounds; round++) {
        rows.raw!.mbps.push(await timed(size, () => rawPipe(source, path.join(workDir, 'copy.bin'))))
        let fileId = ''
        rows.up!.mbps.push(
          await timed(size, async () => {
            fileId = await upload(depot!, source, size)
          }),
        )
        uploadPeak = await depot.peakRss()
        rows.down!.mbps.push(
          await timed(size, () =>
            download(depot!.port, `/api/files/${fileId}/download`, depot!.cookie, size),
          ),
        )
        if (nginxPort)
          rows.nginx!.mbps.push(await timed(size, () => download(nginxPort, '/source.bin', '', size)))
        if (ports?.accelPort) {
          const accelPort = ports.accelPort
          const accelFileId = await upload(accelDepot, source, size)
          rows.accel!.mbps.push(
            await timed(size, () =>
              download(accelPort, `/api/files/${accelFileId}/download`, accelDepot!.cookie, size),
            ),
          )
        }
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
      const raw = mean(rows.raw!.mbps)
      const ngx = mean(rows.nginx!.mbps)
      console.log()
      console.log(
        formatTable(
          ['way', 'MB/s', '÷ raw pipe', '÷ nginx'],
          Object.values(rows)
            .filter((r) => r.mbps.length > 0)
            .map((r) => [
              r.label,
              formatFixed(mean(r.mbps), 0),
              formatFixed(mean(r.mbps) / raw, 2),
              formatFixed(mean(r.mbps) / ngx, 2),
            ]),
        ),
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
      const up = ratio(rows.up!, rows.raw!)
      const down = ratio(rows.down!, rows.nginx!)
      const accel = ratio(rows.accel!, rows.nginx!)
      const growth = (totalPeak - startPeak) / MiB
      const accelGrowth = (accelPeak - accelStartPeak) / MiB
      console.log()
      console.log(
        formatTable(
          ['what', 'figure', 'goal', 'met?'],
          [
            goalRow('upload (tus PATCH) ÷ raw pipe', up, `≥ ${GOAL_UPLOAD_VS_RAW}`, up >= GOAL_UPLOAD_VS_RAW),
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
      nginx?.kill()
      fs.rmSync(workDir, { recursive: true, force: true })
    }
  },
}

async function timed(size: number, run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await run()
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  return size / 1e6 / seconds
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

async function startDepot(args: string[] = [], cpuProfileDir?: string): Promise<DepotTarget> {
  const execArgv = ['--import', 'tsx']
  if (cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir, 'depot')}`)
  const child = fork(path.resolve(import.meta.dirname, 'targets/depot-files.ts'), args, {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  type Ready = { type: string; port: number; cookie: string; folderId: string; dataDir: string }
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`Depot target exited (${code})`)))
    child.on('message', (m: Ready) => {
      if (m.type === 'ready') resolve(m)
    })
  })
  return {
    child,
    ...ready,
    // Asked to stop, it exits by itself, so a CPU profile (written at exit) is kept.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        child.send({ type: 'stop' })
      }),
    peakRss: () =>
      new Promise((resolve) => {
        const on = (m: { type: string; peakBytes: number }) => {
          if (m.type !== 'rss') return
          child.off('message', on)
          resolve(m.peakBytes)
        }
        child.on('message', on)
        child.send({ type: 'rss' })
      }),
  }
}

function request(
  port: number,
  options: http.RequestOptions,
  body?: fs.ReadStream,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, resolve)
    req.on('error', reject)
    if (body) body.pipe(req)
    else req.end()
  })
}

async function upload(depot: DepotTarget, source: string, size: number): Promise<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64')
  const base = { Cookie: depot.cookie, Origin: 'http://localhost:3000', 'Tus-Resumable': '1.0.0' }
  const created = await request(depot.port, {
    method: 'POST',
    path: '/api/uploads',
    headers: {
      ...base,
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${b64(`bench-${Date.now()}.bin`)},folder_id ${b64(depot.folderId)}`,
    },
  })
  created.resume()
  if (created.statusCode !== 201) throw new Error(`create → ${created.statusCode}`)
  const res = await request(
    depot.port,
    {
      method: 'PATCH',
      path: created.headers.location!,
      headers: {
        ...base,
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': '0',
        'Content-Length': String(size),
      },
    },
    fs.createReadStream(source, { highWaterMark: MiB }),
  )
  res.resume()
  if (res.statusCode !== 204) throw new Error(`PATCH → ${res.statusCode}`)
  return res.headers['depot-file-id'] as string
}

async function download(port: number, urlPath: string, cookie: string, size: number): Promise<void> {
  const res = await request(port, { method: 'GET', path: urlPath, headers: cookie ? { Cookie: cookie } : {} })
  if (res.statusCode !== 200) throw new Error(`GET ${urlPath} → ${res.statusCode}`)
  let received = 0
  for await (const chunk of res) received += (chunk as Buffer).length
  if (received !== size) throw new Error(`GET ${urlPath}: ${received} of ${size} bytes`)
}

function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx'])
    if (fs.existsSync(candidate)) return candidate
  try {
    return execFileSync('sh', ['-c', 'command -v nginx']).toString().trim() || undefined
  } catch {
    return undefined
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

/**
 * nginx on two free ports, one worker, no access log: `port` serves workDir statically; `accelPort`
 * proxies to the accel Depot and serves its X-Accel-Redirect hand-offs from its blob folder
 * (docs/nginx-downloads.md). Undefined when nginx is not installed.
 */
async function startNginx(
  workDir: string,
  accelDepot: DepotTarget,
): Promise<{ child: ChildProcess; port: number; accelPort: number } | undefined> {
  const binary = nginxBinary()
  if (!binary) return undefined
  const port = await freePort()
  const accelPort = await freePort()
  // nginx's worker runs as an unprivileged user when started by root: let it read the file.
  fs.chmodSync(workDir, 0o755)
  fs.chmodSync(path.join(workDir, 'source.bin'), 0o644)
  const prefix = path.join(workDir, 'nginx')
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true })
  const conf = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server { listen 127.0.0.1:${port}; root ${workDir}; }
  server {
    listen 127.0.0.1:${accelPort};
    location / {
      proxy_pass http://127.0.0.1:${accelDepot.port};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
    location /_blobs/ { internal; alias ${path.join(accelDepot.dataDir, 'blobs')}/; }
  }
}
`,
  )
  const child = spawn(binary, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] })
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (up) return { child, port, accelPort }
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  child.kill()
  throw new Error('nginx did not start')
}
