import { createHash, type Hash } from 'node:crypto'

/** Running hashes kept at most (a few hundred bytes each); the oldest go first, and are rebuilt. */
const MAX_RUNNING_HASHES = 1024

/**
 * The SHA-256 of each resumable write this process appended to, with the offset it covers, so the next
 * append continues it instead of hashing the staged bytes again. Both staged-write drivers keep one.
 */
export class RunningHashes {
  private readonly kept = new Map<string, { hash: Hash; offset: number }>()

  /** The hash of the write's first `offset` bytes, taken out; undefined when this process has none. */
  takeAt(key: string, offset: number): Hash | undefined {
    const kept = this.kept.get(key)
    this.kept.delete(key)
    return kept && kept.offset === offset ? kept.hash : undefined
  }

  /** As takeAt, and a new hash for a write that starts at 0. */
  take(key: string, offset: number): Hash | undefined {
    return this.takeAt(key, offset) ?? (offset === 0 ? createHash('sha256') : undefined)
  }

  /** The digest of the write's first `offset` bytes, when this process holds it (the hash is kept). */
  digestAt(key: string, offset: number): string | undefined {
    const kept = this.kept.get(key)
    return kept && kept.offset === offset ? kept.hash.copy().digest('hex') : undefined
  }

  keep(key: string, hash: Hash, offset: number): void {
    this.kept.set(key, { hash, offset })
    if (this.kept.size > MAX_RUNNING_HASHES) this.kept.delete(this.kept.keys().next().value!)
  }

  drop(key: string): void {
    this.kept.delete(key)
  }
}
