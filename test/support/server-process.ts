import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { inject } from 'vitest'

const MAIN = path.resolve('src/server/main.ts')

export interface ServerProcess {
  child: ChildProcess
  url: string
  output(): string
  exited: Promise<number | null>
}

/**
 * Runs the real server entry as its own process: the bundle the run's global setup made
 * (server-bundle.global.ts), or src/server/main.ts through tsx when `entry` is 'sources'; with `umask` (e.g. '000'), under that umask, set by a shell
 * that then becomes the server.
 */
export function runServerEntry(
  env: Record<string, string>,
  options: { umask?: string; entry?: 'sources' } = {},
): {
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
} {
  const node = [
    process.execPath,
    ...(options.entry === 'sources' ? ['--import', 'tsx', MAIN] : [inject('serverEntry')]),
  ]
  const [command, ...args] = options.umask
    ? ['/bin/sh', '-c', `umask ${options.umask} && exec "$0" "$@"`, ...node]
    : node
  const child = spawn(command!, args, {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exited }
}

/** Starts the server on a free port and resolves once it says it is listening. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  options: { umask?: string; entry?: 'sources' } = {},
): Promise<ServerProcess> {
  const proc = runServerEntry({ PORT: '0', HOST: '127.0.0.1', ...env }, options)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = proc.output().match(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/)
    if (match) return { ...proc, url: match[1]! }
    if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  proc.child.kill('SIGKILL')
  throw new Error(`server did not start in time:\n${proc.output()}`)
}

/** A port nothing listens on now (for a server or proxy a test starts on a port it must know first). */
export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/**
 * Signs in through the real credentials flow at `url` (a server process or a proxy in front of it),
 * sending `origin` as the request's Origin; returns the Cookie header.
 */
export async function signInOverHttp(url: string, origin: string, email: string, password: string) {
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      jar.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
  }
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const csrf = await fetch(`${url}/api/auth/csrf`)
  keep(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  keep(
    await fetch(`${url}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: header(), Origin: origin },
      body: new URLSearchParams({ csrfToken, email, password }).toString(),
    }),
  )
  return header()
}
