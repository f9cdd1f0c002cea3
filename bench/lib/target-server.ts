import type { AddressInfo } from 'node:net'

/** What a target module starts: a server already listening on 127.0.0.1, and how to close it. */
export interface RunningServer {
  port: number
  /** Headers every request to it must carry (a bearer token for a signed-in page). */
  headers?: Record<string, string>
  close(): Promise<void>
}

/** Messages between the runner and a target process (over the fork IPC channel). */
export type ToTarget = { type: 'cpu' } | { type: 'stop' }
export type FromTarget =
  | { type: 'ready'; port: number; headers?: Record<string, string> }
  | { type: 'cpu'; user: number; system: number }
  | { type: 'failed'; message: string }

export const HOST = '127.0.0.1'

export function portOf(address: AddressInfo | string | null): number {
  if (address === null || typeof address === 'string') throw new Error('The server is not listening on TCP.')
  return address.port
}

/**
 * The body of every target module: start the server, tell the runner its port, answer CPU-usage
 * questions, and exit when told to stop or when the runner goes away (so no server outlives a run).
 */
export function serveTarget(start: () => Promise<RunningServer>): void {
  const send = (message: FromTarget) => process.send?.(message)
  if (!process.send) {
    console.error('A target runs as a child of bench/run.ts (npm run bench), not on its own.')
    process.exit(1)
  }
  let server: RunningServer | undefined
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    try {
      await server?.close()
    } finally {
      process.exit(0)
    }
  }
  process.on('disconnect', () => void stop())
  process.on('message', (message: ToTarget) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage()
      send({ type: 'cpu', user: usage.user, system: usage.system })
    } else if (message.type === 'stop') void stop()
  })
  start().then(
    (running) => {
      server = running
      send({ type: 'ready', port: running.port, headers: running.headers })
    },
    (error: unknown) => {
      send({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
      process.exit(1)
    },
  )
}
