import { createHash, randomBytes } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'

/** Random bytes and their digests (SHA-256 alone, and the three a store reports), to write and compare. */
export function randomContent(size: number): { bytes: Buffer; sha256: string; hashes: Digests } {
  const bytes = randomBytes(size)
  return { bytes, sha256: sha256(bytes), hashes: digestsOf(bytes) }
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

type Digests = { sha256: string; sha1: string; md5: string }

/** The SHA-256, SHA-1 and MD5 of `bytes`, as a store reports them for a blob. */
export const digestsOf = (bytes: Uint8Array): Digests => ({
  sha256: sha256(bytes),
  sha1: createHash('sha1').update(bytes).digest('hex'),
  md5: createHash('md5').update(bytes).digest('hex'),
})

/** A stream of `bytes` in chunks of `chunkSize`, as a request body arrives. */
export function streamOf(bytes: Buffer, chunkSize = 256 * 1024): Readable {
  let offset = 0
  return new Readable({
    read() {
      if (offset >= bytes.length) return void this.push(null)
      this.push(bytes.subarray(offset, offset + chunkSize))
      offset += chunkSize
    },
  })
}

/** A source that sends `first` bytes and then stalls, like an uploader that stopped sending. */
export function stalledSource(first: Buffer): PassThrough {
  const source = new PassThrough()
  source.write(first)
  return source
}

/** A source that sends `first` bytes and then fails, like a dropped connection. */
export function failingSource(first: Buffer, error: Error): Readable {
  let sent = false
  return new Readable({
    read() {
      if (!sent) {
        sent = true
        this.push(first)
      } else setTimeout(() => this.destroy(error), 10)
    },
  })
}

export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `check` holds (or fails after `timeoutMs`). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await sleep(20)
  }
}
