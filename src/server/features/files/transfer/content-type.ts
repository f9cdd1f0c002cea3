import { open } from 'node:fs/promises'
import { fileTypeFromBuffer } from 'file-type'
import { getMimeType } from 'hono/utils/mime'
import type { BlobStore } from '../../../lib/storage'

// A file's MIME type from its content first (file-type reads the magic bytes), then its name. The
// client's declared type is never trusted: it would let anyone label a page as an image. Formats with
// no magic bytes (text, CSV, HTML, SVG, JSON) come from the extension; downloads send every stored
// type with `nosniff`, so a browser never second-guesses it into something active.

/** file-type needs at most this much of the start of a file. */
const SNIFF_BYTES = 4100
const FALLBACK = 'application/octet-stream'

export async function detectMimeType(stagingPath: string, filename: string): Promise<string> {
  const handle = await open(stagingPath, 'r')
  let head: Uint8Array
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    head = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  return mimeTypeOf(head, filename)
}

export async function mimeTypeOf(head: Uint8Array, filename: string): Promise<string> {
  const byName = getMimeType(filename)?.split(';')[0]
  // A truncated or malformed container can make a parser throw: then the content tells us nothing.
  const sniffed = head.length > 0 ? await fileTypeFromBuffer(head).catch(() => undefined) : undefined
  if (!sniffed) return byName ?? FALLBACK
  // A zip container named .docx/.xlsx/.odt…: file-type reports the container when it cannot look
  // deeper within the first bytes; the name is the more precise of the two then.
  if (
    sniffed.mime === 'application/zip' &&
    byName &&
    byName !== FALLBACK &&
    byName.startsWith('application/')
  )
    return byName
  return sniffed.mime
}

/**
 * The bytes a body starts with, kept as they pass on their way to storage: when one request carries a
 * blob from its first byte, its type is sniffed from them instead of reading the blob back from the
 * store (a round trip to S3).
 */
export class HeadTap {
  private readonly chunks: Uint8Array[] = []
  private kept = 0

  /** `source`, unchanged, keeping a copy of its first bytes. */
  async *through(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      if (this.kept < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - this.kept)
        this.chunks.push(Uint8Array.from(part))
        this.kept += part.byteLength
      }
      yield chunk
    }
  }

  /** The first bytes seen, up to what sniffing needs. */
  head(): Uint8Array {
    return Buffer.concat(this.chunks)
  }
}

/**
 * The type of a committed blob, sniffed from its first bytes: `head` when the caller saw them go by
 * (it must be the blob's start, as much of it as sniffing needs), else read from the store.
 */
export async function detectBlobMimeType(
  storage: BlobStore,
  blob: { key: string; size: number },
  filename: string,
  head?: Uint8Array,
): Promise<string> {
  if (blob.size === 0) return mimeTypeOf(new Uint8Array(0), filename)
  if (head && head.byteLength === Math.min(blob.size, SNIFF_BYTES)) return mimeTypeOf(head, filename)
  const read = await storage.get(blob.key, { range: { start: 0, end: Math.min(blob.size, SNIFF_BYTES) - 1 } })
  const chunks: Buffer[] = []
  for await (const chunk of read.body as AsyncIterable<Buffer>) chunks.push(chunk)
  return mimeTypeOf(Buffer.concat(chunks), filename)
}
