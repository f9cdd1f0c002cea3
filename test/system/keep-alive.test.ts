import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { beforeAll, describe, expect, it } from 'vitest'
import { releaseWhenDone } from '../support/cleanup'
import { createTestApp, TEST_ORIGIN } from '../support/test-app'

// A request refused before its body is read must not leave a pooled client with a dead connection:
// the answer says `Connection: close`, so a keep-alive client opens a fresh one for its next request.

let base: URL
beforeAll(async () => {
  const t = await createTestApp({ env: { MAX_JSON_BODY_BYTES: '1024' } })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  releaseWhenDone(() => new Promise<void>((resolve) => server.close(() => resolve())))
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

function send(
  agent: http.Agent,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer; slowly?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      { agent, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    // The server may answer (and close) before all of a large body is sent; that is its right.
    req.on('socket', (socket) => socket.on('error', () => {}))
    if (!init.slowly || !init.body) return req.end(init.body)
    // A slow client: the body trickles in long after the server has answered.
    const body = init.body
    const step = 64 * 1024
    let sent = 0
    const next = () => {
      if (req.destroyed) return
      if (sent >= body.length) return req.end()
      req.write(body.subarray(sent, sent + step))
      sent += step
      setTimeout(next, 100)
    }
    next()
  })
}

describe('early rejections on a keep-alive connection', () => {
  it('a 413 closes the connection, and the same pooled client’s next request succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      // Warm the pool: one kept-alive connection.
      expect((await send(agent, '/healthz')).status).toBe(200)
      const big = Buffer.alloc(1024 * 1024, 'x')
      const refused = await send(agent, '/api/inbox/contacts', {
        method: 'POST',
        headers: {
          Origin: TEST_ORIGIN,
          'Content-Type': 'application/json',
          'Content-Length': String(big.length),
        },
        body: big,
        slowly: true,
      })
      expect(refused.status).toBe(413)
      expect(refused.headers['content-type']).toContain('application/problem+json')
      expect(refused.headers.connection).toBe('close')
      for (let i = 0; i < 3; i++) expect((await send(agent, '/healthz')).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('keeps the connection for a refusal after the body was read', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const res = await send(agent, '/api/inbox/contacts', {
        method: 'POST',
        headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
        body: Buffer.from('{}'),
      })
      expect(res.status).toBe(422)
      expect(res.headers.connection).toBe('keep-alive')
      expect((await send(agent, '/healthz')).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })
})
