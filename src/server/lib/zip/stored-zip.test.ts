import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { type ZipEntry, zipLength, zipStream } from './stored-zip'
import { safeSegment } from './zip-names'

const when = new Date('2024-05-06T07:08:10Z')

async function collect(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of zipStream(entries)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

function open(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: false }, (err, z) => (err ? reject(err) : resolve(z!))),
  )
}

/** A reader over an archive whose one huge entry is zeros: only its ends are kept in memory. */
class SparseReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly head: Buffer,
    private readonly zeros: number,
    private readonly tail: Buffer,
  ) {
    super()
  }
  override _readStreamForRange(start: number, end: number) {
    const parts: Buffer[] = []
    const tailStart = this.head.length + this.zeros
    for (let at = start; at < end; ) {
      if (at < this.head.length) {
        const stop = Math.min(end, this.head.length)
        parts.push(this.head.subarray(at, stop))
        at = stop
      } else if (at < tailStart) {
        const stop = Math.min(end, tailStart)
        parts.push(Buffer.alloc(stop - at))
        at = stop
      } else {
        parts.push(this.tail.subarray(at - tailStart, end - tailStart))
        at = end
      }
    }
    return Readable.from([Buffer.concat(parts)])
  }
}

describe('stored zip', () => {
  it('announces exactly the length it writes, for files, folders and empty files', async () => {
    const entries: ZipEntry[] = [
      { name: 'a', kind: 'directory', size: 0, modifiedAt: when },
      {
        name: 'a/x.txt',
        kind: 'file',
        size: 3,
        modifiedAt: when,
        open: async () => Readable.from([Buffer.from('xyz')]),
      },
      { name: 'a/empty', kind: 'file', size: 0, modifiedAt: when, open: async () => Readable.from([]) },
      {
        name: 'a/Ünï.txt',
        kind: 'file',
        size: 2,
        modifiedAt: when,
        open: async () => Readable.from([Buffer.from('ok')]),
      },
    ]
    const buffer = await collect(entries)
    expect(buffer.length).toBe(zipLength(entries))
    const zip = await open(buffer)
    expect(zip.entryCount).toBe(4)
  })

  it('refuses a file whose bytes do not match its announced size', async () => {
    const entries: ZipEntry[] = [
      {
        name: 'x',
        kind: 'file',
        size: 5,
        modifiedAt: when,
        open: async () => Readable.from([Buffer.from('abc')]),
      },
    ]
    await expect(collect(entries)).rejects.toThrow(/expected 5 bytes, got 3/)
  })

  it('writes zip64 end records past 65535 entries', async () => {
    const entries: ZipEntry[] = Array.from({ length: 70_000 }, (_, i) => ({
      name: `d${i}`,
      kind: 'directory' as const,
      size: 0,
      modifiedAt: when,
    }))
    const buffer = await collect(entries)
    expect(buffer.length).toBe(zipLength(entries))
    expect((await open(buffer)).entryCount).toBe(70_000)
  })

  it('writes a zip64 entry for a file over 4 GiB, streaming with flat memory', async () => {
    const size = 2 ** 32 + 3
    const chunk = Buffer.alloc(1 << 20)
    async function* zeros() {
      let left = size
      while (left > 0) {
        const n = Math.min(left, chunk.length)
        yield n === chunk.length ? chunk : chunk.subarray(0, n)
        left -= n
      }
    }
    const entries: ZipEntry[] = [
      { name: 'big.bin', kind: 'file', size, modifiedAt: when, open: async () => zeros() },
      {
        name: 'after.txt',
        kind: 'file',
        size: 2,
        modifiedAt: when,
        open: async () => Readable.from([Buffer.from('hi')]),
      },
    ]
    let total = 0
    let head: Buffer | undefined
    const tailParts: Uint8Array[] = []
    let inData = true
    for await (const part of zipStream(entries)) {
      if (!head) head = Buffer.from(part)
      else if (part === chunk || (inData && part.buffer === chunk.buffer)) {
        // the zeros of big.bin
      } else {
        inData = false
        tailParts.push(part)
      }
      total += part.length
    }
    expect(total).toBe(zipLength(entries))
    const tail = Buffer.concat(tailParts)
    expect(head!.length + size + tail.length).toBe(total)
    const reader = new SparseReader(head!, size, tail)
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromRandomAccessReader(reader, total, { lazyEntries: true }, (err, z) =>
        err ? reject(err) : resolve(z!),
      ),
    )
    const found: yauzl.Entry[] = []
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        found.push(e)
        zip.readEntry()
      })
      zip.on('end', () => resolve())
      zip.on('error', reject)
      zip.readEntry()
    })
    expect(found.map((e) => [e.fileName, e.uncompressedSize])).toEqual([
      ['big.bin', size],
      ['after.txt', 2],
    ])
    expect(found[1]!.relativeOffsetOfLocalHeader).toBeGreaterThan(2 ** 32)
  }, 120_000)
})

describe('safe entry names', () => {
  it.each([
    ['..', '_'],
    ['.', '_'],
    ['../x', '.._x'],
    ['/etc/passwd', '_etc_passwd'],
    ['C:\\evil', 'C__evil'],
    ['a\u0000b\u001fc', 'abc'],
    ['trailing. ', 'trailing'],
    ['.env', '.env'],
    ['CON.txt', '_CON.txt'],
    ['photo\u202egpj.exe', 'photogpj.exe'],
  ])('%j → %j', (raw, safe) => {
    expect(safeSegment(raw)).toBe(safe)
  })
})
