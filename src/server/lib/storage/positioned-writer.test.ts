import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { open } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PositionedWriter, WRITE_BATCH } from './positioned-writer'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'positioned-writer-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('PositionedWriter', () => {
  it('writes uneven chunks in order from the start position, across batches and background syncs', async () => {
    const file = path.join(dir, 'f')
    fs.writeFileSync(file, Buffer.from('keep'))
    const chunks = [1, 7, 65_536, 100_000, WRITE_BATCH, 3, WRITE_BATCH + 5, 12_345].map((n) => randomBytes(n))
    const handle = await open(file, 'r+')
    try {
      const writer = new PositionedWriter(handle, 4, 300_000)
      for (const chunk of chunks) await writer.push(chunk)
      await writer.finish()
      const total = chunks.reduce((n, c) => n + c.length, 0)
      expect(writer.written).toBe(4 + total)
    } finally {
      await handle.close()
    }
    expect(fs.readFileSync(file).equals(Buffer.concat([Buffer.from('keep'), ...chunks]))).toBe(true)
  })

  it('rejects with the write’s error, from push or at the latest from finish', async () => {
    const file = path.join(dir, 'read-only')
    fs.writeFileSync(file, '')
    const handle = await open(file, 'r')
    try {
      const writer = new PositionedWriter(handle, 0)
      const pushing = (async () => {
        for (let i = 0; i < 3; i++) await writer.push(Buffer.alloc(WRITE_BATCH))
        await writer.finish()
      })()
      await expect(pushing).rejects.toMatchObject({ code: 'EBADF' })
      expect(writer.written).toBe(0)
    } finally {
      await handle.close()
    }
  })
})
