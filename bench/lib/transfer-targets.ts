import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { freePort } from './free-port'

// The servers the file-transfer bench drives, each in its own process (Depot, the node:http upload
// baseline, nginx), and the requests it sends them: a tus upload, a plain PUT, a download.

const MiB = 1 << 20

export interface Cpu {
  /** CPU time of the process so far (user + system, all threads), in microseconds. */
  cpu(): Promise<number>
  child: ChildProcess
}

export interface DepotTarget {
  child: ChildProcess
  port: number
  cookie: string
  folderId: string
  dataDir: string
  stop(): Promise<void>
  peakRss(): Promise<number>
  cpu(): Promise<number>
}

export interface NodeUploadTarget extends Cpu {
  port: number
  child: ChildProcess
  stop(): Promise<void>
}

/**
 * CPU time of a process's main thread (its event loop) so far, in microseconds, from Linux's
 * /proc/<pid>/task/<pid>/stat (utime + stime, in clock ticks of 10 ms); NaN elsewhere. The event loop
 * is what reads the socket, so this is the part that limits one upload; the rest is the thread pool
 * (writes, syncs), the kernel's work for them, and any worker thread.
 */
export function mainThreadCpu(child: ChildProcess): number {
  try {
    const fields = fs
      .readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return Number.NaN
  }
}

export async function startDepot(args: string[] = [], cpuProfileDir?: string): Promise<DepotTarget> {
  const execArgv = ['--import', 'tsx']
  if (cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir, 'depot')}`)
  const child = fork(path.resolve(import.meta.dirname, '../targets/depot-files.ts'), args, {
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
    cpu: () => askCpu(child),
  }
}

/** A target's CPU time so far, in microseconds (it answers `{ type: 'cpu' }` with user and system). */
function askCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { type: string; user: number; system: number }) => {
      if (m.type !== 'cpu') return
      child.off('message', on)
      resolve(m.user + m.system)
    }
    child.on('message', on)
    child.send({ type: 'cpu' })
  })
}

/** The upload baseline (targets/node-http-upload.ts), in its own process like Depot. */
export async function startNodeUpload(): Promise<NodeUploadTarget> {
  const child = fork(path.resolve(import.meta.dirname, '../targets/node-http-upload.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`node:http upload target exited (${code})`)))
    child.on('message', (m: { type: string; port: number; message?: string }) => {
      if (m.type === 'ready') resolve(m.port)
      if (m.type === 'failed') reject(new Error(m.message))
    })
  })
  return {
    port,
    child,
    cpu: () => askCpu(child),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.send({ type: 'stop' })
      }),
  }
}

/** The same body as the tus PATCH, sent the same way, to the node:http baseline. */
export async function putFile(port: number, source: string, size: number): Promise<void> {
  const res = await request(
    port,
    {
      method: 'PUT',
      path: '/upload',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) },
    },
    fs.createReadStream(source, { highWaterMark: MiB }),
  )
  res.resume()
  if (res.statusCode !== 204) throw new Error(`PUT → ${res.statusCode}`)
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

export async function upload(depot: DepotTarget, source: string, size: number): Promise<string> {
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

/**
 * GETs `urlPath` and counts the body's bytes without keeping them. The client must cost as little as
 * it can, since it shares the machine's two cores with the server it measures: a raw socket reading
 * into one reused buffer (Node's `onread`), where an `http` response read chunk by chunk cost about as
 * much CPU per MiB as Depot serving it. Only what a download needs of HTTP/1.1: the status line and
 * Content-Length, with the connection closed at the end.
 */
export function download(port: number, urlPath: string, cookie: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0)
    let headDone = false
    let received = 0
    let fail: Error | undefined
    const socket = net.connect({
      host: '127.0.0.1',
      port,
      onread: {
        buffer: Buffer.allocUnsafe(MiB),
        callback: (length, buffer) => {
          if (headDone) {
            received += length
            return true
          }
          head = Buffer.concat([head, buffer.subarray(0, length)])
          const end = head.indexOf('\r\n\r\n')
          if (end < 0) return true
          headDone = true
          const status = head.subarray(0, head.indexOf('\r\n')).toString('latin1')
          if (!/^HTTP\/1\.1 200 /.test(status)) {
            fail = new Error(`GET ${urlPath} → ${status}`)
            socket.destroy()
            return false
          }
          received = head.length - (end + 4)
          return true
        },
      },
    })
    socket.on('connect', () => {
      socket.write(
        `GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}Connection: close\r\n\r\n`,
      )
    })
    socket.on('error', (error) => {
      fail ??= error
    })
    socket.on('close', () => {
      if (fail) reject(fail)
      else if (received !== size) reject(new Error(`GET ${urlPath}: ${received} of ${size} bytes`))
      else resolve()
    })
  })
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

/**
 * nginx on two free ports, one worker, no access log: `port` serves workDir statically; `accelPort`
 * proxies to the accel Depot and serves its X-Accel-Redirect hand-offs from its blob folder
 * (docs/nginx-downloads.md). Undefined when nginx is not installed.
 */
export async function startNginx(
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
