import net from 'node:net'
import { HOST } from './target-server'

/**
 * A minimal HTTP/1.1 load generator: N keep-alive TCP connections, one GET in flight on each, the
 * same request bytes every time. It parses only what it must (status, Content-Length or chunked
 * framing), so it costs the runner far less CPU per request than node:http's client would — the
 * server, not the generator, should be the bottleneck. Responses must carry their own framing
 * (no read-until-close bodies).
 */
export interface LoadOptions {
  port: number
  path: string
  connections: number
  durationMs: number
  /** Extra request headers (the same on every request). */
  headers?: Record<string, string>
}

export interface LoadResult {
  /** Responses completed within the window (any status). */
  requests: number
  /** Non-2xx responses, malformed responses and socket errors. */
  errors: number
  durationMs: number
  /** Per-request latency in milliseconds: request written → last response byte read. */
  latenciesMs: number[]
  /** Size of one full response on the wire (status line, headers, body). */
  responseBytes: number
  /** CPU the load generator itself used in the window, as a share of one core (0–1+). */
  generatorCpuShare: number
}

const GRACE_MS = 5_000

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const request = Buffer.from(
    `GET ${options.path} HTTP/1.1\r\nHost: ${HOST}:${options.port}\r\nAccept: application/json\r\n` +
      Object.entries(options.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
    'latin1',
  )
  const sockets = await Promise.all(Array.from({ length: options.connections }, () => connect(options.port)))

  const latenciesMs: number[] = []
  let requests = 0
  let errors = 0
  let responseBytes = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + options.durationMs

  await new Promise<void>((resolve) => {
    let open = sockets.length
    const safety = setTimeout(() => {
      for (const socket of sockets) socket.destroy()
    }, options.durationMs + GRACE_MS)
    for (const socket of sockets) {
      let pending: Buffer | undefined
      let sentAt = 0
      let finished = false
      const finish = () => {
        if (finished) return
        finished = true
        socket.destroy()
        if (--open === 0) {
          clearTimeout(safety)
          resolve()
        }
      }
      const send = () => {
        sentAt = performance.now()
        socket.write(request)
      }
      socket.on('data', (chunk: Buffer) => {
        pending = pending ? Buffer.concat([pending, chunk]) : chunk
        const response = parseResponse(pending)
        if (response === 'incomplete') return
        const now = performance.now()
        if (response === 'malformed' || response.length !== pending.length) {
          errors++
          return finish()
        }
        pending = undefined
        if (now <= deadline) {
          requests++
          latenciesMs.push(now - sentAt)
          responseBytes = response.length
          if (response.status < 200 || response.status > 299) errors++
        }
        if (now < deadline) send()
        else finish()
      })
      socket.on('error', () => {
        if (performance.now() <= deadline) errors++
        finish()
      })
      socket.on('close', () => {
        // The server hung up on a connection we were still using.
        if (!finished && performance.now() <= deadline) errors++
        finish()
      })
      send()
    }
  })

  const cpu = process.cpuUsage(cpuBefore)
  return {
    requests,
    errors,
    durationMs: options.durationMs,
    latenciesMs,
    responseBytes,
    generatorCpuShare: (cpu.user + cpu.system) / 1000 / options.durationMs,
  }
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port, noDelay: true })
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve(socket)
    })
    socket.once('error', reject)
  })
}

const HEADER_END = Buffer.from('\r\n\r\n', 'latin1')
const CRLF = Buffer.from('\r\n', 'latin1')
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i
const CHUNKED = /\r\ntransfer-encoding:[ \t]*[^\r]*chunked/i

type Parsed = { status: number; length: number } | 'incomplete' | 'malformed'

/** Where the first response in `buffer` ends, if it has fully arrived. */
export function parseResponse(buffer: Buffer): Parsed {
  const headerEnd = buffer.indexOf(HEADER_END)
  if (headerEnd < 0) return 'incomplete'
  const head = buffer.toString('latin1', 0, headerEnd)
  if (!head.startsWith('HTTP/1.1 ')) return 'malformed'
  const status = Number(head.slice(9, 12))
  const bodyStart = headerEnd + HEADER_END.length

  const contentLength = CONTENT_LENGTH.exec(head)
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1])
    return buffer.length >= length ? { status, length } : 'incomplete'
  }
  if (CHUNKED.test(head)) {
    let at = bodyStart
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at)
      if (lineEnd < 0) return 'incomplete'
      const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16)
      if (Number.isNaN(size)) return 'malformed'
      // The last chunk (size 0) is followed by an empty trailer section: one more CRLF.
      const next = lineEnd + CRLF.length + size + CRLF.length
      if (buffer.length < next) return 'incomplete'
      if (size === 0) return { status, length: next }
      at = next
    }
  }
  // 1xx, 204 and 304 carry no body; anything else without framing is read-until-close, which we refuse.
  if (status === 204 || status === 304 || (status >= 100 && status < 200))
    return { status, length: bodyStart }
  return 'malformed'
}
