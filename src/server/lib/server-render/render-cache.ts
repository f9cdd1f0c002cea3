import zlib from 'node:zlib'
import type { Encoding } from '../http/static-web'

// A visitor's server-rendered page as it was answered (status, headers, the whole HTML), kept under
// its address and the stamp of the data public pages are drawn from (decision 0149), so the next
// visitor gets the same bytes without loading data or rendering while the stamp holds. A change to
// that data changes the stamp, so the key: nothing to invalidate; old pages fall out as the least
// recently used. Pages for someone signed in, or anyone's own (a share link's), are never kept.

/** A page as answered: compressed copies are made once, when a visitor first asks for one. */
export interface KeptPage {
  status: number
  /** The answer's headers (type, cache policy, ETag, Vary), without a content encoding. */
  headers: Record<string, string>
  etag: string
  html: Uint8Array<ArrayBuffer>
  encoded: Map<Encoding, Uint8Array<ArrayBuffer>>
}

/** Up to `maxBytes` of kept pages (their HTML and compressed copies), the least recently used dropped first. */
export class RenderCache {
  readonly #pages = new Map<string, KeptPage>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  get(key: string): KeptPage | undefined {
    const page = this.#pages.get(key)
    if (page) {
      this.#pages.delete(key)
      this.#pages.set(key, page)
    }
    return page
  }

  /** Keeps `page` under `key`; a page larger than a quarter of the cache is not kept. */
  set(key: string, page: KeptPage): void {
    if (page.html.byteLength > this.maxBytes / 4) return
    const old = this.#pages.get(key)
    if (old) {
      this.#pages.delete(key)
      this.#bytes -= sizeOf(old)
    }
    this.#pages.set(key, page)
    this.#bytes += sizeOf(page)
    this.#trim()
  }

  /** The body of the page kept under `key` in `encoding` (compressed and kept the first time it is asked for). */
  body(key: string, page: KeptPage, encoding: Encoding | undefined): Uint8Array<ArrayBuffer> {
    if (!encoding) return page.html
    let body = page.encoded.get(encoding)
    if (!body) {
      body = compress(page.html, encoding)
      page.encoded.set(encoding, body)
      if (this.#pages.get(key) === page) {
        this.#bytes += body.byteLength
        this.#trim()
      }
    }
    return body
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#bytes }
  }

  #trim(): void {
    for (const [oldest, dropped] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break
      this.#pages.delete(oldest)
      this.#bytes -= sizeOf(dropped)
    }
  }
}

function sizeOf(page: KeptPage): number {
  let bytes = page.html.byteLength
  for (const body of page.encoded.values()) bytes += body.byteLength
  return bytes
}

/** Brotli at quality 5 (as the rendered stream is compressed) or gzip, in one go. */
function compress(html: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    encoding === 'br'
      ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(html),
  )
}

/**
 * `stream` as it is, also handing its bytes to `done` once it ends whole: a stream cancelled midway
 * (the visitor left) or that failed hands over nothing.
 */
export function keepingACopy(
  stream: ReadableStream<Uint8Array>,
  done: (bytes: Uint8Array<ArrayBuffer>) => void,
): ReadableStream<Uint8Array> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done: ended, value } = await reader.read()
      if (ended) {
        controller.close()
        done(Buffer.concat(chunks))
        return
      }
      chunks.push(value)
      controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}
