import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HeadTap, mimeTypeOf } from './content-type'

// What an upload keeps of a body on its way to storage, to sniff its type without reading it back.

async function* chunksOf(bytes: Buffer, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!
    yield bytes.subarray(at, at + size)
    at += size
  }
}

describe('HeadTap', () => {
  it('passes every byte through and keeps exactly the first 4,100, whatever the chunks', async () => {
    const bytes = randomBytes(10_000)
    for (const sizes of [[1], [4099, 2], [3, 5000], [10_000], [100, 7, 4093]]) {
      const tap = new HeadTap()
      const passed: Uint8Array[] = []
      for await (const chunk of tap.through(chunksOf(bytes, sizes))) passed.push(chunk)
      expect(Buffer.concat(passed).equals(bytes), `sizes ${sizes}`).toBe(true)
      expect(Buffer.from(tap.head()).equals(bytes.subarray(0, 4100)), `sizes ${sizes}`).toBe(true)
    }
  })

  it('keeps all of a body shorter than that, and copies it (a reused buffer does not change it)', async () => {
    const bytes = Buffer.from('%PDF-1.7\n')
    const tap = new HeadTap()
    for await (const chunk of tap.through(chunksOf(bytes, [4]))) (chunk as Buffer).fill(0)
    expect(Buffer.from(tap.head()).toString()).toBe('%PDF-1.7\n')
    expect(await mimeTypeOf(tap.head(), 'x.bin')).toBe('application/pdf')
  })
})
