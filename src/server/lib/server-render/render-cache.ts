// The HTML React drew for a visitor's page, kept under the page's address and the digest of what it
// was drawn from (its status, shell and data: the ETag), so the next visitor with the same data gets
// the same bytes without rendering again (decision 0145). A product change changes the data, so the
// digest, so the key: nothing to invalidate; old pages fall out as the least recently used. Pages for
// someone signed in are never kept (the caller does not offer them).

/** Up to `maxBytes` of rendered HTML, the least recently used dropped first. */
export class RenderCache {
  readonly #pages = new Map<string, Uint8Array>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const page = this.#pages.get(key)
    if (page) {
      this.#pages.delete(key)
      this.#pages.set(key, page)
    }
    return page
  }

  /** Keeps `page` under `key`; a page larger than a quarter of the cache is not kept. */
  set(key: string, page: Uint8Array): void {
    if (page.byteLength > this.maxBytes / 4) return
    const old = this.#pages.get(key)
    if (old) {
      this.#pages.delete(key)
      this.#bytes -= old.byteLength
    }
    this.#pages.set(key, page)
    this.#bytes += page.byteLength
    for (const [oldest, dropped] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break
      this.#pages.delete(oldest)
      this.#bytes -= dropped.byteLength
    }
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#bytes }
  }
}

/**
 * `stream` as it is, also handing its bytes to `done` once it ends whole: a stream cancelled midway
 * (the visitor left) or that failed hands over nothing.
 */
export function keepingACopy(
  stream: ReadableStream<Uint8Array>,
  done: (bytes: Uint8Array) => void,
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
