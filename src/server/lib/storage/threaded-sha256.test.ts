import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runScript } from '../../../../test/support/run-script'
import { ThreadedSha256 } from './threaded-sha256'

const MiB = 1 << 20
const expected = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Feeds `bytes` to `hash` in pieces of the given sizes (repeated), awaiting each as a caller must. */
async function feed(hash: ThreadedSha256, bytes: Uint8Array, sizes: number[]): Promise<void> {
  let at = 0
  for (let i = 0; at < bytes.byteLength; i++) {
    const end = Math.min(bytes.byteLength, at + sizes[i % sizes.length]!)
    await hash.update(bytes.subarray(at, end))
    at = end
  }
}

describe('ThreadedSha256', () => {
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
    const hash = new ThreadedSha256()
    await feed(hash, bytes, sizes)
    expect(await hash.digest()).toBe(expected(bytes))
  })

  it('gives the digest so far and goes on, across flushes', async () => {
    const bytes = randomBytes(3 * MiB + 7)
    const hash = new ThreadedSha256()
    await feed(hash, bytes.subarray(0, 1_500_000), [65_536])
    expect(await hash.digestSoFar()).toBe(expected(bytes.subarray(0, 1_500_000)))
    await hash.flush()
    await feed(hash, bytes.subarray(1_500_000), [300_000])
    await hash.flush()
    expect(await hash.digestSoFar()).toBe(expected(bytes))
    expect(await hash.digest()).toBe(expected(bytes))
    expect(hash.usable).toBe(false)
    expect(() => hash.update(bytes)).toThrow('finished')
  })

  it('keeps many hashes apart while they are fed in turns', async () => {
    const inputs = Array.from({ length: 6 }, (_, i) => randomBytes(MiB + i * 99_991))
    const hashes = inputs.map(() => new ThreadedSha256())
    const piece = 77_777
    for (let at = 0; at < inputs.at(-1)!.byteLength; at += piece) {
      await Promise.all(hashes.map((hash, i) => hash.update(inputs[i]!.subarray(at, at + piece))))
    }
    expect(await Promise.all(hashes.map((hash) => hash.digest()))).toEqual(inputs.map(expected))
  })

  it('copies what it is given: the caller may reuse its buffer as soon as update answers', async () => {
    const buffer = Buffer.alloc(64 * 1024)
    const whole: Buffer[] = []
    const hash = new ThreadedSha256()
    for (let i = 0; i < 40; i++) {
      buffer.fill(i)
      whole.push(Buffer.from(buffer))
      await hash.update(buffer)
    }
    expect(await hash.digest()).toBe(expected(Buffer.concat(whole)))
  })

  it('answers an update at once while a slot is free, leaving the hashing to the thread', () => {
    const hash = new ThreadedSha256()
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
    ['digested its hash', 'console.log(await hash.digest())'],
    ['left its hash unfinished', "await hash.flush(); console.log('flushed')"],
  ])('lets a process that %s end by itself', (_, ending) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-sha256-exit-'))
    dirs.push(dir)
    const ended = runScript(dir, [
      `import { ThreadedSha256 } from ${JSON.stringify(path.resolve('src/server/lib/storage/threaded-sha256.ts'))}`,
      'const hash = new ThreadedSha256()',
      "await hash.update(new TextEncoder().encode('abc'))",
      ending,
    ])
    const out = ending.includes('digest') ? expected(Buffer.from('abc')) : 'flushed'
    expect(ended).toEqual({ status: 0, out })
  })
})
