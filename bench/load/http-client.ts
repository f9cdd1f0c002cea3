import http from 'node:http'

// The load's HTTP client: node:http over keep-alive connections, with nothing on top (no fetch, no
// browser), so the generator spends little CPU of the two cores it shares with the servers it loads.
// Every request is counted, so the run can print requests per second whatever the operation.

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export interface Server {
  host: string
  port: number
  /** The origin the servers were told is theirs (AUTH_URL): what a browser sends as Origin. */
  origin: string
}

export class HttpClient {
  /** HTTP requests completed (any status). */
  requests = 0
  /**
   * Idle connections are closed after 30 s, well before the server's 65 s keep-alive (as a browser or
   * nginx closes theirs first): reusing one the server is closing at that moment fails with a reset,
   * which a browser would retry and this client would count as an error.
   */
  private readonly agent = new http.Agent({
    keepAlive: true,
    maxSockets: 512,
    maxFreeSockets: 512,
    timeout: 30_000,
  })

  constructor(readonly server: Server) {}

  /** One request, its body read whole (the small replies of the file manager and the shop). */
  send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.server.host,
          port: this.server.port,
          method,
          path,
          agent: this.agent,
          headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('error', reject)
          res.on('end', () => {
            this.requests++
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  /** A request whose body is counted line by line and not kept (a CSV export). */
  lines(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; lines: number; bytes: number }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.server.host, port: this.server.port, path, agent: this.agent, headers },
        (res) => {
          let lines = 0
          let bytes = 0
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++
          })
          res.on('error', reject)
          res.on('end', () => {
            this.requests++
            resolve({ status: res.statusCode ?? 0, lines, bytes })
          })
        },
      )
      req.on('error', reject)
      req.end()
    })
  }

  close(): void {
    this.agent.destroy()
  }
}

/** Throws unless the reply has the status wanted, with the start of its body (a problem's detail). */
export function expectStatus(reply: Reply, wanted: number, what: string): Reply {
  if (reply.status !== wanted)
    throw new Error(
      `${what} → ${reply.status} ${reply.body.subarray(0, 160).toString('utf8').replace(/\s+/g, ' ')}`,
    )
  return reply
}

export function json<T>(reply: Reply): T {
  return JSON.parse(reply.body.toString('utf8')) as T
}
