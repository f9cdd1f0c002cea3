// biome-ignore lint/style/noRestrictedImports: a test-only loopback server; node:http never reaches the web bundle.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError, createApiClient, fieldError } from './api'

// The client against a real HTTP server on loopback: real fetch, real headers, real bodies.

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let baseUrl: string
const seen: Seen[] = []

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void

const routes: Record<string, Handler> = {
  '/echo': (req, res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ method: req.method, url: req.url, body: body === '' ? null : JSON.parse(body) }))
  },
  '/invalid': (_req, res) => {
    res.writeHead(422, { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'req-header-id' })
    res.end(
      JSON.stringify({
        type: 'urn:depot:problem:validation_failed',
        title: 'Invalid request',
        status: 422,
        code: 'validation_failed',
        detail: 'Some fields need your attention.',
        requestId: 'req-422',
        errors: {
          'body.email': ['Enter a valid e-mail address.'],
          'body.password': ['Too short.', 'Too common.'],
        },
      }),
    )
  },
  '/echo-raw': (req, res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ type: req.headers['content-type'], body }))
  },
  '/crash': (_req, res) => {
    res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'X-Request-Id': 'req-500' })
    res.end('<!doctype html><html><body><h1>Internal Server Error</h1></body></html>')
  },
  '/broken-problem': (_req, res) => {
    res.writeHead(409, { 'Content-Type': 'application/problem+json' })
    res.end('{"not": "a problem"')
  },
  '/overloaded': (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'text/plain' })
    res.end('Service Unavailable')
  },
  '/empty': (_req, res) => {
    res.writeHead(204)
    res.end()
  },
  '/html-ok': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end('<!doctype html><div id="root"></div>')
  },
  '/slow': (_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('{}')
    }, 2000)
  },
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const handler = routes[new URL(req.url ?? '/', 'http://x').pathname]
      if (handler) return handler(req, res, body)
      res.writeHead(404)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${portOf(server)}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function portOf(listening: Server): number {
  const address = listening.address()
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port')
  return address.port
}

function lastRequest(): Seen {
  const request = seen.at(-1)
  if (!request) throw new Error('the server saw no request')
  return request
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the request to fail')
}

describe('api client', () => {
  it('sends JSON with a JSON content type on POST and returns the parsed body', async () => {
    const client = createApiClient({ baseUrl })
    const result = await client.post('/echo', { email: 'ada@example.com', quantity: 2 })

    expect(result).toEqual({ method: 'POST', url: '/echo', body: { email: 'ada@example.com', quantity: 2 } })
    const request = lastRequest()
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.accept).toBe('application/json')
  })

  it('sends a Blob as the raw body with its own content type', async () => {
    const client = createApiClient({ baseUrl })
    const result = await client.put('/echo-raw', new Blob(['GIF89a'], { type: 'image/gif' }))
    expect(result).toEqual({ type: 'image/gif', body: 'GIF89a' })
  })

  it('sends the JSON content type on every state-changing method, even without a body', async () => {
    const client = createApiClient({ baseUrl })
    for (const send of [client.put, client.patch, client.delete]) {
      await send('/echo')
      expect(lastRequest().headers['content-type']).toBe('application/json')
    }
    expect(seen.slice(-3).map((r) => r.method)).toEqual(['PUT', 'PATCH', 'DELETE'])
  })

  it('builds the query string, leaving out empty values and repeating arrays', async () => {
    const client = createApiClient({ baseUrl })
    await client.get('/echo', { query: { q: 'a&b', page: 2, status: ['paid', 'failed'], sort: undefined } })

    const request = lastRequest()
    expect(request.method).toBe('GET')
    expect(request.url).toBe('/echo?q=a%26b&page=2&status=paid&status=failed')
    expect(request.headers['content-type']).toBeUndefined()
  })

  it('turns a problem+json 422 into an ApiError with per-field messages', async () => {
    const error = await caught(createApiClient({ baseUrl }).post('/invalid', { email: 'nope' }))

    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect(apiError).toMatchObject({
      status: 422,
      code: 'validation_failed',
      title: 'Invalid request',
      message: 'Some fields need your attention.',
      requestId: 'req-422',
    })
    expect(apiError.fieldErrors).toEqual({
      'body.email': ['Enter a valid e-mail address.'],
      'body.password': ['Too short.', 'Too common.'],
    })
    expect(fieldError(apiError, 'email')).toBe('Enter a valid e-mail address.')
    expect(fieldError(apiError, 'body.email')).toBe('Enter a valid e-mail address.')
    expect(fieldError(apiError, 'password')).toBe('Too short. Too common.')
    expect(fieldError(apiError, 'name')).toBeUndefined()
    expect(fieldError(new Error('not an API error'), 'email')).toBeUndefined()
  })

  it('turns a 500 HTML page into an internal_error ApiError, keeping the request id header', async () => {
    const error = await caught(createApiClient({ baseUrl }).get('/crash'))

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 500, code: 'internal_error', requestId: 'req-500' })
    expect((error as ApiError).message).toMatch(/try again/i)
  })

  it('treats an unreadable problem body like any other non-problem answer', async () => {
    const error = await caught(createApiClient({ baseUrl }).get('/broken-problem'))
    expect(error).toMatchObject({ status: 409, code: 'internal_error' })
  })

  it('explains a proxy-made 503 as the service being unavailable', async () => {
    const error = await caught(createApiClient({ baseUrl }).get('/overloaded'))
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable' })
  })

  it('returns undefined for 204 No Content', async () => {
    await expect(createApiClient({ baseUrl }).delete('/empty')).resolves.toBeUndefined()
  })

  it('refuses a successful answer that is not JSON (e.g. an HTML page where the API should be)', async () => {
    const error = await caught(createApiClient({ baseUrl }).get('/html-ok'))
    expect(error).toMatchObject({ status: 200, code: 'internal_error' })
  })

  it('validates and types the body with a schema when given one', async () => {
    const echo = z.object({ method: z.string(), body: z.object({ n: z.number() }) })
    const result = await createApiClient({ baseUrl }).post('/echo', { n: 1 }, { schema: echo })
    expect(result.body.n).toBe(1)
  })

  it('reports a server that cannot be reached as a network_error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = portOf(closed)
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const error = await caught(createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).get('/echo'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'network_error' })
  })

  it('lets a cancelled request reject with the abort, not an ApiError', async () => {
    const controller = new AbortController()
    const request = createApiClient({ baseUrl }).get('/slow', { signal: controller.signal })
    controller.abort()
    const error = await caught(request)
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as Error).name).toBe('AbortError')
  })

  it('refuses paths that are not our own', async () => {
    const client = createApiClient({ baseUrl })
    await expect(client.get('https://evil.example/x')).rejects.toThrow(TypeError)
    await expect(client.get('//evil.example/x')).rejects.toThrow(TypeError)
  })
})
