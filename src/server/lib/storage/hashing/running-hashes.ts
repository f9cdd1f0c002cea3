import { type ContentHasher, type ContentHashes, contentHasher } from './content-hasher'

/** Running hashes kept at most (a few hundred bytes each); the oldest go first, and are rebuilt. */
const MAX_RUNNING_HASHES = 1024

/**
 * The hashes (SHA-256, SHA-1, MD5) of each resumable write this process appended to, with the offset it covers, so the next
 * append continues it instead of hashing the staged bytes again. Both staged-write drivers keep one.
 * A hash is kept flushed (it holds no slots); one the hashing thread lost is never handed out.
 */
export class RunningHashes {
  private readonly kept = new Map<string, { hash: ContentHasher; offset: number }>()

  /** The hash of the write's first `offset` bytes, taken out; undefined when this process has none. */
  takeAt(key: string, offset: number): ContentHasher | undefined {
    const kept = this.kept.get(key)
    this.kept.delete(key)
    return kept && kept.offset === offset && kept.hash.usable ? kept.hash : undefined
  }

  /** Whether this process holds a usable hash of exactly the write's first `offset` bytes (it stays kept). */
  holds(key: string, offset: number): boolean {
    const kept = this.kept.get(key)
    return kept !== undefined && kept.offset === offset && kept.hash.usable
  }

  /** As takeAt, and a new hash for a write of `length` bytes in all that starts at 0. */
  take(key: string, offset: number, length: number): ContentHasher | undefined {
    return this.takeAt(key, offset) ?? (offset === 0 ? contentHasher(length) : undefined)
  }

  /** The digests of the write's first `offset` bytes, when this process holds them (the hash is kept). */
  async digestAt(key: string, offset: number): Promise<ContentHashes | undefined> {
    const kept = this.kept.get(key)
    return kept && kept.offset === offset && kept.hash.usable ? kept.hash.digestSoFar() : undefined
  }

  /** Keeps a hash that covers the write's first `offset` bytes; flush() it first. */
  keep(key: string, hash: ContentHasher, offset: number): void {
    this.kept.set(key, { hash, offset })
    if (this.kept.size > MAX_RUNNING_HASHES) this.kept.delete(this.kept.keys().next().value!)
  }

  drop(key: string): void {
    this.kept.delete(key)
  }
}
