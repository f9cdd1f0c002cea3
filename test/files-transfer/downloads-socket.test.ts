import { createHash } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { listen, uploadFile } from './helpers'

// The download rules over a real socket, where the file is written straight into Node's response
// after every middleware answered (node-body.ts): the same headers as any answer of ours (request
// id, security headers), ranges, 416, 304, If-Range, HEAD, and the request log's status and bytes.

let t: TestApp
let viewer: Person
let server: { url: string; close(): Promise<void> }
const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251))
const sha = createHash('sha256').update(bytes).digest('hex')
/** The strong ETag downloads send: the SHA-256 in base64url. */
const etag = `"${Buffer.from(sha, 'hex').toString('base64url')}"`
let fileId: string

beforeAll(async () => {
  t = await createTestApp()
  const editor = await signedIn(t, { name: 'Edna Tester' })
  viewer = await signedIn(t, { name: 'Victor Tester' })
  const folderId = (await insertFolder(t.database.db, { folder_name: 'Socket', type: 'locked' })).id
  await grant(t, folderId, editor.id, 'editor')
  await grant(t, folderId, viewer.id, 'viewer')
  fileId = await uploadFile(editor, folderId, 'numbers.bin', bytes)
  server = await listen(t)
})
afterAll(() => server.close())

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** One request on its own connection, read to the end with node:http (no fetch decoding). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      { method, headers: { Cookie: viewer.client.cookieHeader(), ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

const download = () => `/api/files/${fileId}/download`

describe('downloads over a socket', () => {
  it('sends every byte with the file headers and every answer’s own headers', async () => {
    const res = await get(download())
    expect(res.status).toBe(200)
    expect(res.body.equals(bytes)).toBe(true)
    expect(res.headers['content-length']).toBe(String(bytes.length))
    expect(res.headers['transfer-encoding']).toBeUndefined()
    expect(res.headers.etag).toBe(etag)
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/)
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers['x-depot-node-body']).toBeUndefined()
    expect(res.headers['x-hono-already-sent']).toBeUndefined()
    const line = t.logs.lines.find((l) => l.requestId === res.headers['x-request-id'] && l.msg === 'request')
    expect(line).toMatchObject({ method: 'GET', status: 200, bytes: bytes.length })
  })

  it('serves one range with 206, a suffix range, and 416 with the size past the end', async () => {
    const part = await get(download(), { Range: 'bytes=1000-1999' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`)
    expect(part.headers['content-length']).toBe('1000')
    expect(part.body.equals(bytes.subarray(1000, 2000))).toBe(true)

    const tail = await get(download(), { Range: 'bytes=-10' })
    expect(tail.status).toBe(206)
    expect(tail.body.equals(bytes.subarray(bytes.length - 10))).toBe(true)

    const past = await get(download(), { Range: `bytes=${bytes.length + 5}-` })
    expect(past.status).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`)
  })

  it('answers 304 to the current ETag, and the whole file when If-Range names another', async () => {
    const same = await get(download(), { 'If-None-Match': etag })
    expect(same.status).toBe(304)
    expect(same.body.length).toBe(0)

    const stale = await get(download(), { Range: 'bytes=0-9', 'If-Range': '"something-else"' })
    expect(stale.status).toBe(200)
    expect(stale.body.equals(bytes)).toBe(true)
    const fresh = await get(download(), { Range: 'bytes=0-9', 'If-Range': etag })
    expect(fresh.status).toBe(206)
    expect(fresh.body.equals(bytes.subarray(0, 10))).toBe(true)
  })

  it('answers HEAD with the length and no body', async () => {
    const res = await get(download(), {}, 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBe(String(bytes.length))
    expect(res.body.length).toBe(0)
  })

  it('keeps the connection for the next request, and serves many downloads on it in turn', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    try {
      for (let i = 0; i < 3; i++) {
        const body = await new Promise<Buffer>((resolve, reject) => {
          const req = http.get(
            `${server.url}${download()}`,
            { agent, headers: { Cookie: viewer.client.cookieHeader() } },
            (res) => {
              sockets.add(res.socket)
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () => resolve(Buffer.concat(chunks)))
            },
          )
          req.on('error', reject)
        })
        expect(body.equals(bytes)).toBe(true)
      }
      expect(sockets.size).toBe(1)
    } finally {
      agent.destroy()
    }
  })
})
