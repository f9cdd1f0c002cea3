import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

const MAIN = path.resolve('src/server/main.ts')

export interface ServerProcess {
  child: ChildProcess
  url: string
  output(): string
  exited: Promise<number | null>
}

/**
 * Runs the real server entry (src/server/main.ts through tsx) as its own process; with `umask`
 * (e.g. '000'), under that umask, set by a shell that then becomes the server.
 */
export function runServerEntry(
  env: Record<string, string>,
  options: { umask?: string } = {},
): {
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
} {
  const node = [process.execPath, '--import', 'tsx', MAIN]
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
  options: { umask?: string } = {},
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
