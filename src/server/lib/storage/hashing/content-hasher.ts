import { createHash, type Hash } from 'node:crypto'
import { type ContentHashes, HASH_ALGORITHMS } from './hash-protocol'
import { ThreadedHashes } from './threaded-hashes'

export type { ContentHashes }

// The running SHA-256, SHA-1 and MD5 of one content, on the hashing threads or, for a small content,
// right here (decision 0158). Handing bytes to the threads and taking their answers back costs a turn of
// the event loop each way, a few milliseconds when the server is busy; hashing 64 KiB on the event loop
// costs about half a millisecond even without SHA instructions. So a content whose whole length is known
// and small is hashed in place, and anything larger or of unknown length on the threads.

/** A content of at most this many bytes is hashed on the event loop. */
export const INLINE_HASH_MAX_BYTES = 64 * 1024

/** What both kinds of running hash answer. */
export interface ContentHasher {
  /** False once the hash's state is lost (a hashing thread stopped) or it is finished. */
  readonly usable: boolean
  /** Takes the bytes; a promise when the caller must wait before the next update (backpressure). */
  update(bytes: Uint8Array): Promise<void> | undefined
  /** Waits until every byte updated so far is hashed. */
  flush(): Promise<void>
  /** The digests of everything updated; the hash is finished. */
  digest(): Promise<ContentHashes>
  /** The digests of everything updated so far; the hash goes on. */
  digestSoFar(): Promise<ContentHashes>
}

/** A new running hash for a content of `length` bytes (undefined: not known yet). */
export function contentHasher(length: number | undefined): ContentHasher {
  return length !== undefined && length <= INLINE_HASH_MAX_BYTES ? new InlineHashes() : new ThreadedHashes()
}

/** The three hashes computed on the calling thread, for small contents. */
export class InlineHashes implements ContentHasher {
  private readonly hashes: Hash[] = HASH_ALGORITHMS.map((algorithm) => createHash(algorithm))
  private finished = false

  get usable(): boolean {
    return !this.finished
  }

  update(bytes: Uint8Array): undefined {
    if (this.finished) throw new Error('this hash is finished')
    for (const hash of this.hashes) hash.update(bytes)
    return undefined
  }

  async flush(): Promise<void> {}

  async digest(): Promise<ContentHashes> {
    const hex = this.hex(this.hashes)
    this.finished = true
    return hex
  }

  async digestSoFar(): Promise<ContentHashes> {
    return this.hex(this.hashes.map((hash) => hash.copy()))
  }

  private hex(hashes: Hash[]): ContentHashes {
    if (this.finished) throw new Error('this hash is finished')
    const hex: Partial<ContentHashes> = {}
    for (const [i, algorithm] of HASH_ALGORITHMS.entries()) hex[algorithm] = hashes[i]!.digest('hex')
    return hex as ContentHashes
  }
}
