import { type ChildProcess, fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { REPO_ROOT } from '../lib/built-tree'
import { freePort } from '../lib/free-port'
import { SERVER_NODE_ARGS } from '../lib/server-node-args'

// The processes the load runs against: the built server (`node dist/server/main.js`), one or two of
// them; nginx balancing two round robin as docs/deploy.md shows; s3rver as their bucket. Each is a
// child process whose pid the sampler reads in /proc.

export const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123'
const BUCKET = 'depot-load'

export interface Running {
  label: string
  child: ChildProcess
  stop(): Promise<void>
}

/** A Depot's log lines at level error or fatal: how many, and the first few. */
export interface ServerErrors {
  count: number
  first: string[]
}

export type RunningDepot = Running & { errors: ServerErrors }

function stopper(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
}

async function waitUntil(check: () => Promise<boolean>, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what} did not start within 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The environment every Depot of a setup shares (and the seed and `npm run admin` get too). */
export function depotEnv(
  dataDir: string,
  authUrl: string,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    // Production refuses plain http and the built-in emulators; the built files are served the same way.
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    // With BENCH_LOAD_LOG_DIR, every request's line (its route and ms) is kept too.
    LOG_LEVEL: logDir() ? 'info' : 'warn',
    AUTH_URL: authUrl,
    AUTH_SECRET,
    ...extra,
  }
}

/** BENCH_LOAD_LOG_DIR: where each Depot's log is kept (`<label>.log`, JSON lines), when set. */
function logDir(): string | undefined {
  return process.env.BENCH_LOAD_LOG_DIR?.trim() || undefined
}

/**
 * Extra arguments for every Depot's node, from BENCH_LOAD_NODE_ARGS (split on spaces), e.g.
 * `--heapsnapshot-signal=SIGUSR2` or `--expose-gc --import ./memlog.mjs` to look at its memory.
 */
function nodeArgs(): string[] {
  return (process.env.BENCH_LOAD_NODE_ARGS ?? '').split(' ').filter((a) => a !== '')
}

/**
 * `node dist/server/main.js` on `port` with npm start's node arguments, answering once /healthz does.
 * Its log (JSON lines on stdout, at warn and above) is read for errors, which the report prints; stderr
 * is passed through.
 */
export async function startBuiltDepot(
  label: string,
  port: number,
  env: Record<string, string>,
): Promise<RunningDepot> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs(), 'dist/server/main.js'], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const errors: ServerErrors = { count: 0, first: [] }
  let partial = ''
  const dir = logDir()
  if (dir) {
    fs.mkdirSync(dir, { recursive: true })
    child.stdout!.pipe(fs.createWriteStream(path.join(dir, `${label}.log`)))
  }
  child.stdout!.setEncoding('utf8')
  child.stdout!.on('data', (text: string) => {
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      if (!/"level":"(error|fatal)"/.test(line)) continue
      errors.count++
      if (errors.first.length < 5) errors.first.push(`${label}: ${line.slice(0, 1500)}`)
    }
  })
  await waitUntil(
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200,
    child,
    `Depot ${label}`,
  )
  return { label, child, stop: stopper(child), errors }
}

/** s3rver in its own process on a free port, objects under `dir`; the S3_* variables that reach it. */
export async function startS3rver(dir: string): Promise<Running & { env: Record<string, string> }> {
  fs.mkdirSync(dir, { recursive: true })
  const child = fork(path.join(import.meta.dirname, 's3rver-process.ts'), [dir, BUCKET], {
    // s3rver makes a listing's continuation token with DES, which Node 20's OpenSSL 3 keeps in its
    // legacy provider: without it, every listing of more than 1,000 objects (fsck's, the integrity
    // job's, after a long run) fails with InternalError.
    execArgv: ['--openssl-legacy-provider', '--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)))
    child.on('message', (m: { type: string; port: number }) => {
      if (m.type === 'ready') resolve(m.port)
    })
  })
  return {
    label: 's3rver',
    child,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.send({ type: 'stop' })
      await exited
    },
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  }
}

export function nginxBinary(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p))
}

/**
 * nginx in front of `upstreams`, round robin without sticky sessions, as docs/deploy.md sets it up (the
 * scale-out test's block), one worker without a master, no access log.
 */
export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<Running> {
  const binary = nginxBinary()
  if (!binary) throw new Error('nginx is not installed')
  fs.mkdirSync(dir, { recursive: true })
  const temp = (name: string) => path.join(dir, name)
  const conf = temp('nginx.conf')
  fs.writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream depot {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 80m;
    proxy_request_buffering off;
    location / {
      proxy_pass http://depot;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  )
  const child = spawn(binary, ['-c', conf, '-p', dir, '-e', temp('error.log')], { stdio: 'ignore' })
  await waitUntil(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      }),
    child,
    'nginx',
  )
  return { label: 'nginx', child, stop: stopper(child) }
}

export { freePort }
