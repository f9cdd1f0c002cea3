import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { open } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { FILE_READ_CHUNK, FileRangeStream } from './file-range-stream'

// A stored file's bytes, exactly, whether read as a stream or pumped into an HTTP response; the file
// handle is closed however it ends: read to the end, the client gone mid-way, or the file cut short.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-file-range-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const SIZE = 3 * FILE_READ_CHUNK + 12_345 // more than the two buffers, and a short last read
const file = path.join(dir, 'blob')
const content = randomBytes(SIZE)
fs.writeFileSync(file, content)

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** This process's open descriptors on `target`. */
function handlesOn(target: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === target
    } catch {
      return false
    }
  }).length
}

async function rangeOf(target: string, start: number, end: number) {
  return new FileRangeStream(await open(target, 'r'), start, end)
}

/** A server that answers every request by pumping `make()` into the response. */
async function serving(make: () => Promise<FileRangeStream>, length: number): Promise<string> {
  const server = http.createServer(async (_req, res) => {
    res.writeHead(200, { 'Content-Length': String(length) })
    await (await make()).pumpTo(res)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

describe('FileRangeStream', () => {
  it('reads a range as a stream and closes the file at its end', async () => {
    const stream = await rangeOf(file, 100, 100 + 2 * FILE_READ_CHUNK + 7)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(content.subarray(100, 100 + 2 * FILE_READ_CHUNK + 7))).toBe(true)
    await vi.waitFor(() => expect(handlesOn(file)).toBe(0))
  })

  it('pumps the whole file, and a range, into a response byte for byte', async () => {
    const whole = await serving(() => rangeOf(file, 0, SIZE), SIZE)
    const body = Buffer.from(await (await fetch(whole)).arrayBuffer())
    expect(body.equals(content)).toBe(true)

    const start = FILE_READ_CHUNK - 3
    const end = 3 * FILE_READ_CHUNK + 5
    const part = await serving(() => rangeOf(file, start, end), end - start)
    const partBody = Buffer.from(await (await fetch(part)).arrayBuffer())
    expect(partBody.equals(content.subarray(start, end))).toBe(true)

    const tiny = await serving(() => rangeOf(file, 5, 15), 10)
    const tinyBody = Buffer.from(await (await fetch(tiny)).arrayBuffer())
    expect(tinyBody.equals(content.subarray(5, 15))).toBe(true)
    await vi.waitFor(() => expect(handlesOn(file)).toBe(0))
  })

  it('stops and closes the file when the client goes away mid-way', async () => {
    const big = path.join(dir, 'big')
    fs.writeFileSync(big, Buffer.alloc(64 * FILE_READ_CHUNK, 7)) // more than the socket buffers hold
    const url = await serving(() => rangeOf(big, 0, 64 * FILE_READ_CHUNK), 64 * FILE_READ_CHUNK)
    const aborted = new AbortController()
    const response = await fetch(url, { signal: aborted.signal })
    const reader = response.body!.getReader()
    await reader.read() // the download has begun, and the client reads no more
    expect(handlesOn(big)).toBe(1)
    aborted.abort()
    await vi.waitFor(() => expect(handlesOn(big)).toBe(0), { timeout: 15_000 })
  })

  it('cuts the response short when the file holds less than promised, and closes it', async () => {
    const short = path.join(dir, 'short')
    fs.writeFileSync(short, content.subarray(0, 2 * FILE_READ_CHUNK))
    const url = await serving(() => rangeOf(short, 0, SIZE), SIZE)
    const response = await fetch(url)
    await expect(response.arrayBuffer()).rejects.toThrow()
    await vi.waitFor(() => expect(handlesOn(short)).toBe(0))
  })

  it('refuses to pump a stream something already read from', async () => {
    const stream = await rangeOf(file, 0, SIZE)
    await new Promise((resolve) => stream.once('readable', resolve))
    stream.read(10)
    const sink = new PassThrough()
    await expect(stream.pumpTo(sink)).rejects.toThrow(/already read/)
    stream.destroy()
    await vi.waitFor(() => expect(handlesOn(file)).toBe(0))
  })
})
