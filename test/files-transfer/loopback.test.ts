import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectGarbage } from '../support/collect-garbage'
import { insertFolder } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { listen, metadataHeader } from './helpers'

// Over a real socket, as browsers and tus clients talk to Depot: a PATCH cut off midway keeps what
// arrived, HEAD says where it stopped, and the upload completes from there with every byte right.
// And memory stays flat: a 200 MB upload and download do not grow the process by anything like 200 MB.

let t: TestApp
let editor: Person
let folderId: string
let server: { url: string; close(): Promise<void> }

beforeAll(async () => {
  t = await createTestApp()
  editor = await signedIn(t, { name: 'Edna Tester' })
  folderId = (await insertFolder(t.database.db, { folder_name: 'Big', type: 'locked' })).id
  await grant(t, folderId, editor.id, 'editor')
  server = await listen(t)
})
afterAll(() => server.close())

const headers = () => ({
  Cookie: editor.client.cookieHeader(),
  Origin: TEST_ORIGIN,
  'Tus-Resumable': '1.0.0',
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function create(length: number, filename: string): Promise<string> {
  const res = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers(),
      'Upload-Length': String(length),
      'Upload-Metadata': metadataHeader({ filename, folder_id: folderId }),
    },
  })
  expect(res.status).toBe(201)
  return `${server.url}${res.headers.get('location')}`
}

async function head(url: string): Promise<number> {
  const res = await fetch(url, { method: 'HEAD', headers: headers() })
  return Number(res.headers.get('upload-offset'))
}

/** A PATCH whose body is `total` bytes from `source`, the socket destroyed after `cutAfter` bytes. */
function patchStream(
  url: string,
  offset: number,
  total: number,
  source: (at: number, n: number) => Buffer,
  cutAfter?: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders } | 'cut'> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...headers(),
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': String(offset),
        'Content-Length': String(total),
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }))
    })
    req.on('error', (error) => (cutAfter !== undefined ? resolve('cut') : reject(error)))
    let sent = 0
    const step = 256 * 1024
    const pump = () => {
      while (sent < total) {
        if (cutAfter !== undefined && sent >= cutAfter) {
          req.destroy()
          return
        }
        const n = Math.min(step, total - sent)
        const ok = req.write(source(offset + sent, n))
        sent += n
        if (!ok) {
          req.once('drain', pump)
          return
        }
      }
      req.end()
    }
    pump()
  })
}

describe('resumable upload over a real connection', () => {
  it('continues after a dropped connection from the offset HEAD reports', async () => {
    const bytes = randomBytes(12 * 1024 * 1024)
    const url = await create(bytes.length, 'resumed.bin')
    const from = (at: number, n: number) => bytes.subarray(at, at + n)
    expect(await patchStream(url, 0, bytes.length, from, 5 * 1024 * 1024)).toBe('cut')

    // The server learns of the cut a moment later; until then a PATCH is refused as busy.
    let result: Awaited<ReturnType<typeof patchStream>> | undefined
    let resumedFrom = 0
    for (let attempt = 0; attempt < 50; attempt++) {
      const offset = await head(url)
      resumedFrom = offset
      expect(offset).toBeLessThanOrEqual(5 * 1024 * 1024)
      result = await patchStream(url, offset, bytes.length - offset, from)
      if (result !== 'cut' && result.status === 204) break
      await sleep(100)
    }
    expect(result).not.toBe('cut')
    // It went on from where the cut left it, not from the start.
    expect(resumedFrom).toBeGreaterThan(0)
    const done = result as { status: number; headers: http.IncomingHttpHeaders }
    expect(done.status).toBe(204)
    const fileId = done.headers['depot-file-id'] as string
    const row = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow()
    expect(row.size).toBe(bytes.length)
    expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('refuses a PATCH announcing more than the upload has left with 413, before reading its body', async () => {
    const url = await create(1000, 'small.bin')
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'PATCH',
        headers: {
          ...headers(),
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': '0',
          'Content-Length': String(5 * 1024 ** 3),
        },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode!)
        req.destroy()
      })
      req.on('error', reject)
      req.flushHeaders() // headers only: not one byte of the 5 GiB body is ever sent
    })
    expect(status).toBe(413)
    expect(await head(url)).toBe(0)
  })

  it('keeps memory flat for a 200 MB upload and download', async () => {
    const size = 200 * 1024 * 1024
    const block = randomBytes(1024 * 1024)
    const from = (at: number, n: number) => {
      const start = at % block.length
      return start + n <= block.length
        ? block.subarray(start, start + n)
        : Buffer.concat([block.subarray(start), block.subarray(0, n - (block.length - start))])
    }
    collectGarbage()
    const base = process.memoryUsage().rss
    let peak = base
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 20)
    try {
      const url = await create(size, 'large.bin')
      const result = await patchStream(url, 0, size, from)
      expect(result).not.toBe('cut')
      const fileId = (result as { headers: http.IncomingHttpHeaders }).headers['depot-file-id'] as string
      const uploadGrowth = peak - base

      const res = await fetch(`${server.url}/api/files/${fileId}/download`, {
        headers: { Cookie: editor.client.cookieHeader() },
      })
      expect(res.headers.get('content-length')).toBe(String(size))
      let received = 0
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length
      expect(received).toBe(size)
      const growth = peak - base
      // Both directions together stay far below the file's size: nothing holds the whole file.
      expect(uploadGrowth, `upload grew RSS by ${uploadGrowth >> 20} MiB`).toBeLessThan(80 * 1024 * 1024)
      expect(growth, `upload + download grew RSS by ${growth >> 20} MiB`).toBeLessThan(100 * 1024 * 1024)
    } finally {
      clearInterval(sampler)
    }
  }, 120_000)
})
