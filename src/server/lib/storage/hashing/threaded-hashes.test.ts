import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runScript } from '../../../../../test/support/run-script'
import { hashSlotCounts, ThreadedHashes } from './threaded-hashes'

const MiB = 1 << 20
const expected = (bytes: Uint8Array) => ({
  sha256: createHash('sha256').update(bytes).digest('hex'),
  sha1: createHash('sha1').update(bytes).digest('hex'),
  md5: createHash('md5').update(bytes).digest('hex'),
})

/** Feeds `bytes` to `hash` in pieces of the given sizes (repeated), awaiting each as a caller must. */
async function feed(hash: ThreadedHashes, bytes: Uint8Array, sizes: number[]): Promise<void> {
  let at = 0
  for (let i = 0; at < bytes.byteLength; i++) {
    const end = Math.min(bytes.byteLength, at + sizes[i % sizes.length]!)
    await hash.update(bytes.subarray(at, end))
    at = end
  }
}

describe('ThreadedHashes', () => {
  it.each([
    [
      'nothing',
      '',
      {
        sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
        md5: 'd41d8cd98f00b204e9800998ecf8427e',
      },
    ],
    [
      '"abc"',
      'abc',
      {
        sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
        md5: '900150983cd24fb0d6963f7d28e17f72',
      },
    ],
    [
      'the 448-bit test message',
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      {
        sha256: '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
        sha1: '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
        md5: '8215ef0796a20bcaaae116d3876c664a',
      },
    ],
  ])('gives the published digests of %s', async (_, text, digests) => {
    const hash = new ThreadedHashes()
    if (text) await hash.update(new TextEncoder().encode(text))
    expect(await hash.digest()).toEqual(digests)
  })

  it.each([
    ['nothing', 0, [1]],
    ['one byte', 1, [1]],
    ['a slot less one byte', MiB - 1, [65_536]],
    ['exactly one slot', MiB, [65_536]],
    ['a slot and one byte', MiB + 1, [65_536]],
    ['network-sized chunks over several slots', 5 * MiB + 123, [65_536, 16_384, 1, 100_000]],
    ['one update larger than every slot together', 7 * MiB + 5, [7 * MiB + 5]],
  ])('digests %s as node:crypto does', async (_, size, sizes) => {
    const bytes = randomBytes(size)
    const hash = new ThreadedHashes()
    await feed(hash, bytes, sizes)
    expect(await hash.digest()).toEqual(expected(bytes))
  })

  it('gives the digest so far and goes on, across flushes', async () => {
    const bytes = randomBytes(3 * MiB + 7)
    const hash = new ThreadedHashes()
    await feed(hash, bytes.subarray(0, 1_500_000), [65_536])
    expect(await hash.digestSoFar()).toEqual(expected(bytes.subarray(0, 1_500_000)))
    await hash.flush()
    await feed(hash, bytes.subarray(1_500_000), [300_000])
    await hash.flush()
    expect(await hash.digestSoFar()).toEqual(expected(bytes))
    expect(await hash.digest()).toEqual(expected(bytes))
    expect(hash.usable).toBe(false)
    expect(() => hash.update(bytes)).toThrow('finished')
  })

  it('keeps many hashes apart while they are fed in turns', async () => {
    const inputs = Array.from({ length: 6 }, (_, i) => randomBytes(MiB + i * 99_991))
    const hashes = inputs.map(() => new ThreadedHashes())
    const piece = 77_777
    for (let at = 0; at < inputs.at(-1)!.byteLength; at += piece) {
      await Promise.all(hashes.map((hash, i) => hash.update(inputs[i]!.subarray(at, at + piece))))
    }
    expect(await Promise.all(hashes.map((hash) => hash.digest()))).toEqual(inputs.map(expected))
  })

  it('copies what it is given: the caller may reuse its buffer as soon as update answers', async () => {
    const buffer = Buffer.alloc(64 * 1024)
    const whole: Buffer[] = []
    const hash = new ThreadedHashes()
    for (let i = 0; i < 40; i++) {
      buffer.fill(i)
      whole.push(Buffer.from(buffer))
      await hash.update(buffer)
    }
    expect(await hash.digest()).toEqual(expected(Buffer.concat(whole)))
  })

  it('hashes one small file after another in the same slot, not a new 1 MiB buffer each', async () => {
    const before = hashSlotCounts().made
    for (let i = 0; i < 40; i++) {
      const bytes = randomBytes(1 + i * 1_000)
      const hash = new ThreadedHashes()
      await hash.update(bytes)
      expect(await hash.digest()).toEqual(expected(bytes))
    }
    expect(hashSlotCounts().made - before).toBeLessThanOrEqual(1)
    expect(hashSlotCounts().pooled).toBeGreaterThanOrEqual(1)
  })

  it('keeps only a few slots once many hashes at once have let theirs go', async () => {
    const inputs = Array.from({ length: 6 }, () => randomBytes(3 * MiB))
    const hashes = inputs.map(() => new ThreadedHashes())
    await Promise.all(hashes.map((hash, i) => feed(hash, inputs[i]!, [MiB])))
    expect(await Promise.all(hashes.map((hash) => hash.digest()))).toEqual(inputs.map(expected))
    expect(hashSlotCounts().pooled).toBe(8)
  })

  it('answers an update at once while a slot is free, leaving the hashing to the thread', () => {
    const hash = new ThreadedHashes()
    // Two full slots are handed over and a third is begun: none waits for the hashing.
    expect(hash.update(randomBytes(2 * MiB + 1))).toBeUndefined()
  })
})

describe('the hashing thread', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it.each([
    ['digested its hash', 'console.log((await hash.digest()).sha256)'],
    ['left its hash unfinished', "await hash.flush(); console.log('flushed')"],
  ])('lets a process that %s end by itself', (_, ending) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-hashes-exit-'))
    dirs.push(dir)
    const ended = runScript(dir, [
      `import { ThreadedHashes } from ${JSON.stringify(path.resolve('src/server/lib/storage/hashing/threaded-hashes.ts'))}`,
      'const hash = new ThreadedHashes()',
      "await hash.update(new TextEncoder().encode('abc'))",
      ending,
    ])
    const out = ending.includes('digest') ? expected(Buffer.from('abc')).sha256 : 'flushed'
    expect(ended).toEqual({ status: 0, out })
  })
})
