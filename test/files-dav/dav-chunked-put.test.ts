import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { listen } from './dav-server'
import { basic, dav, makeToken } from './helpers'

// PUT with a chunked body on a real socket: macOS Finder's (Transfer-Encoding: chunked with the size
// in X-Expected-Entity-Length) and a streaming client's (chunked, no size at all), within the quota.

let t: TestApp
let server: Awaited<ReturnType<typeof listen>>
let token: string

beforeAll(async () => {
  t = await createTestApp({ env: { USER_QUOTA_BYTES: String(64 * 1024) } })
  const person = await signedIn(t, { name: 'Fin Der' })
  token = await makeToken(person)
  expect((await dav(t, token)('MKCOL', 'My folders/Mac')).status).toBe(201)
  server = await listen(t)
})
afterAll(async () => {
  await server?.close()
})

/** A PUT whose body goes out in chunks (node:http sends Transfer-Encoding: chunked without a length). */
function chunkedPut(path: string, chunks: Buffer[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${server.origin}/dav/My%20folders/Mac/${encodeURIComponent(path)}`,
      { method: 'PUT', headers: { Authorization: basic(token), ...headers } },
      (res) => {
        let body = ''
        res.on('data', (d) => {
          body += d
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill)

describe('chunked PUT', () => {
  it("stores Finder's PUT (chunked, size in X-Expected-Entity-Length)", async () => {
    const parts = [bytes(1000, 1), bytes(2000, 2), bytes(96, 3)]
    const res = await chunkedPut('finder.bin', parts, { 'X-Expected-Entity-Length': '3096' })
    expect(res.status, res.body).toBe(201)
    const get = await dav(t, token)('GET', 'My folders/Mac/finder.bin')
    expect(Buffer.from(await get.arrayBuffer()).equals(Buffer.concat(parts))).toBe(true)
  })

  it('stores a chunked PUT without any size, and refuses one past the free quota while it streams (413)', async () => {
    const parts = [bytes(4000, 7), bytes(4000, 8)]
    const res = await chunkedPut('stream.bin', parts)
    expect(res.status, res.body).toBe(201)
    const get = await dav(t, token)('GET', 'My folders/Mac/stream.bin')
    expect(Buffer.from(await get.arrayBuffer()).equals(Buffer.concat(parts))).toBe(true)

    const tooMuch = await chunkedPut(
      'huge.bin',
      Array.from({ length: 20 }, (_, i) => bytes(8 * 1024, i)),
    )
    expect(tooMuch.status, tooMuch.body).toBe(413)
    expect(JSON.parse(tooMuch.body)).toMatchObject({ code: 'quota_exceeded' })
    expect((await dav(t, token)('HEAD', 'My folders/Mac/huge.bin')).status).toBe(404)
  })

  it("refuses Finder's PUT when X-Expected-Entity-Length does not fit the quota (413)", async () => {
    const res = await chunkedPut('big.bin', [bytes(10, 1)], {
      'X-Expected-Entity-Length': String(1024 * 1024),
    })
    expect(res.status, res.body).toBe(413)
  })
})
