import { type ContentHasher, contentHasher } from './hashing/content-hasher'
import type { ContentHashes } from './hashing/hash-protocol'
import { BlobTooLargeError } from './storage-errors'

/** One side of a write: where the bytes come from, or where they go. */
type Side = 'source' | 'store'

/**
 * Counts and hashes a write's bytes as they pass, stops the write once it goes over `maxBytes`, and
 * records which side failed first: when one side fails, the other is torn down with the same error,
 * so the error alone cannot tell an uploader who went away from a full disk.
 */
export class WriteMeter {
  bytes = 0
  tooLarge = false
  failure: { side: Side; error: unknown } | undefined
  private readonly hash: ContentHasher

  /** `length`: the write's exact size when known, so a small one is hashed in place (content-hasher.ts). */
  constructor(
    readonly maxBytes: number | undefined,
    length?: number,
  ) {
    this.hash = contentHasher(length)
    if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes >= 0))
      throw new TypeError(`maxBytes must be a whole number of bytes, not ${maxBytes}`)
  }

  /** Records the first failure of either side (streams: call on their 'error' events). */
  readonly noteFailure = (side: Side, error: unknown): void => {
    this.failure ??= { side, error }
  }

  /** Watches a stream's 'error' event for `side` (any other source is watched by pass()). */
  watch(stream: unknown, side: Side): void {
    if (isEmitter(stream)) stream.once('error', (error: unknown) => this.noteFailure(side, error))
  }

  /**
   * The source's chunks, unchanged: a pipeline step, `pipeline(source, (s, { signal }) => meter.pass(s,
   * signal), sink)`. `stop` ends it at once even while the source is stalled (an uploader that stopped
   * sending), and releases the source.
   */
  async *pass(source: AsyncIterable<Uint8Array>, stop?: AbortSignal): AsyncGenerator<Uint8Array> {
    const iterator = source[Symbol.asyncIterator]()
    let ended = false
    try {
      while (true) {
        let step: IteratorResult<Uint8Array>
        try {
          step = await nextUnlessStopped(iterator, stop)
        } catch (error) {
          if (!stop?.aborted) this.noteFailure('source', error)
          throw error
        }
        if (step.done) {
          ended = true
          return
        }
        const chunk = step.value
        this.bytes += chunk.byteLength
        if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
          this.tooLarge = true
          throw new BlobTooLargeError(this.maxBytes)
        }
        await this.hash.update(chunk)
        yield chunk
      }
    } finally {
      // A Node stream's iterator destroys the stream on return(): the request body is let go.
      if (!ended) Promise.resolve(iterator.return?.()).catch(() => {})
    }
  }

  /** The digests of everything that passed; call once, after the source ended. */
  hashes(): Promise<ContentHashes> {
    return this.hash.digest()
  }
}

function isEmitter(
  value: unknown,
): value is { once(event: 'error', listener: (error: unknown) => void): void } {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'once') === 'function'
}

/** The iterator's next chunk, or a rejection as soon as `stop` aborts, whichever comes first. */
function nextUnlessStopped<T>(
  iterator: AsyncIterator<T>,
  stop: AbortSignal | undefined,
): Promise<IteratorResult<T>> {
  if (!stop) return iterator.next()
  stop.throwIfAborted()
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(stop.reason)
    stop.addEventListener('abort', onAbort, { once: true })
    iterator.next().then(
      (step) => {
        stop.removeEventListener('abort', onAbort)
        resolve(step)
      },
      (error: unknown) => {
        stop.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
