import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { formatBytes } from '../../../../shared/bytes'
import { HttpProblem } from '../../../lib/http/problem'
import { myStorage } from '../transfer/storage-quota'
import type { DavContext } from './dav-request'
import { requestStream } from './dav-request'

// How long a PUT's body is, before its bytes are stored (the upload service reserves the quota first).
// Content-Length when sent. A chunked body (Transfer-Encoding: chunked, no Content-Length) is taken
// too: macOS Finder sends its size in X-Expected-Entity-Length, which then reserves the space; without
// it (the npm `webdav` client's streamed upload) the body is spooled to a temporary file, refused the
// moment it passes the upload size limit or the caller's free quota, and stored from there.

export interface PutBody {
  length: number
  body: Readable | AsyncIterable<Uint8Array>
  /** Removes what the body left behind (the spooled copy); run once the PUT is done. */
  done(): Promise<void>
}

const noop = async () => undefined

export async function putBody({ c, who }: DavContext): Promise<PutBody> {
  const declared = c.req.header('content-length')
  if (declared !== undefined && /^\d+$/.test(declared))
    return { length: Number(declared), body: requestStream(c), done: noop }
  const chunked = /\bchunked\b/i.test(c.req.header('transfer-encoding') ?? '')
  if (!chunked)
    throw new HttpProblem(
      411,
      'length_required',
      'Send Content-Length (or a chunked body): the space is reserved before the bytes.',
    )
  const expected = c.req.header('x-expected-entity-length')
  if (expected !== undefined && /^\d+$/.test(expected))
    return { length: Number(expected), body: requestStream(c), done: noop }
  const deps = c.var.deps
  const storage = await myStorage(deps, who)
  const maxBytes = deps.env.uploads.maxBytes
  const free = storage.quota === null ? Number.POSITIVE_INFINITY : Math.max(0, storage.quota - storage.used)
  return spool(requestStream(c), Math.min(maxBytes, free), maxBytes <= free ? 'limit' : 'quota', {
    maxBytes,
    free,
  })
}

async function spool(
  source: Readable | AsyncIterable<Uint8Array>,
  cap: number,
  capBy: 'limit' | 'quota',
  sizes: { maxBytes: number; free: number },
): Promise<PutBody> {
  const dir = await mkdtemp(join(tmpdir(), 'depot-dav-put-'))
  const done = () => rm(dir, { recursive: true, force: true })
  const file = join(dir, 'body')
  let length = 0
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          length += chunk.length
          if (length > cap) throw tooLarge(capBy, sizes)
          yield chunk
        }
      },
      createWriteStream(file),
    )
  } catch (error) {
    await done()
    throw error
  }
  return { length, body: createReadStream(file), done }
}

function tooLarge(capBy: 'limit' | 'quota', sizes: { maxBytes: number; free: number }): HttpProblem {
  return capBy === 'limit'
    ? new HttpProblem(413, 'upload_too_large', `Files can be at most ${sizes.maxBytes} bytes.`)
    : new HttpProblem(
        413,
        'quota_exceeded',
        `Only ${formatBytes(sizes.free)} of your storage quota is free. Empty your trash or delete files to make room.`,
      )
}
