import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { turnsDuring } from '../../../../../test/support/event-loop-turns'
import { type ContentHasher, contentHasher, INLINE_HASH_MAX_BYTES, InlineHashes } from './content-hasher'
import { ThreadedHashes } from './threaded-hashes'

const expected = (bytes: Uint8Array) => ({
  sha256: createHash('sha256').update(bytes).digest('hex'),
  sha1: createHash('sha1').update(bytes).digest('hex'),
  md5: createHash('md5').update(bytes).digest('hex'),
})

async function feed(hash: ContentHasher, bytes: Uint8Array, piece: number): Promise<void> {
  for (let at = 0; at < bytes.byteLength; at += piece) await hash.update(bytes.subarray(at, at + piece))
}

describe('contentHasher', () => {
  it('hashes a content of known small length in place and anything else on the hashing threads', () => {
    expect(contentHasher(0)).toBeInstanceOf(InlineHashes)
    expect(contentHasher(INLINE_HASH_MAX_BYTES)).toBeInstanceOf(InlineHashes)
    expect(contentHasher(INLINE_HASH_MAX_BYTES + 1)).toBeInstanceOf(ThreadedHashes)
    expect(contentHasher(undefined)).toBeInstanceOf(ThreadedHashes)
  })

  it('gives the same digests either way, so far and at the end', async () => {
    const bytes = randomBytes(INLINE_HASH_MAX_BYTES)
    const half = bytes.subarray(0, 20_000)
    for (const hash of [new InlineHashes(), new ThreadedHashes()]) {
      await feed(hash, half, 7_000)
      await hash.flush()
      expect(await hash.digestSoFar()).toEqual(expected(half))
      await feed(hash, bytes.subarray(half.byteLength), 9_999)
      expect(await hash.digest()).toEqual(expected(bytes))
      expect(hash.usable).toBe(false)
      expect(() => hash.update(bytes)).toThrow('this hash is finished')
    }
  })

  it('answers a small content with no turn of the event loop, where the threads take at least one', async () => {
    const bytes = randomBytes(40_000)
    const digestOf = async (hash: ContentHasher) => {
      await feed(hash, bytes, 16_384)
      await hash.flush()
      return hash.digest()
    }
    let inline: unknown
    expect(await turnsDuring(async () => (inline = await digestOf(contentHasher(bytes.byteLength))))).toBe(0)
    expect(inline).toEqual(expected(bytes))
    let threaded: unknown
    expect(
      await turnsDuring(async () => (threaded = await digestOf(new ThreadedHashes()))),
    ).toBeGreaterThanOrEqual(1)
    expect(threaded).toEqual(expected(bytes))
  })
})
