import { crc32 } from 'node:zlib'

// A streaming writer of "stored" (uncompressed) zip archives with zip64 (docs/decisions/0030).
// Stored entries make the archive's length a pure function of the entry names and sizes, so the
// response can announce an exact Content-Length (the browser shows real progress) before a byte of
// content is read. Each file's CRC-32 is computed while it streams and written after it in a data
// descriptor (flag bit 3). Names are UTF-8 (flag bit 11). An entry switches to zip64 records when its
// size or its offset reaches 4 GiB; the archive gets zip64 end records when its directory does.
// Domain-free: it knows entries and bytes, never files or folders.

export interface ZipEntry {
  /** Path inside the archive, '/'-separated, already sanitised (see zip-names.ts). */
  name: string
  kind: 'file' | 'directory'
  /** Exact byte count the file's stream will yield (0 for a directory). */
  size: number
  modifiedAt: Date
  /** Opens the file's bytes; called once, in order, when the entry is written. */
  open?: () => Promise<AsyncIterable<Uint8Array>>
}

export class ZipSizeMismatchError extends Error {
  constructor(name: string, expected: number, actual: number) {
    super(`Zip entry ${name}: expected ${expected} bytes, got ${actual}`)
  }
}

const MAX32 = 0xffffffff
const MAX16 = 0xffff
const FLAG_UTF8 = 0x0800
const FLAG_DESCRIPTOR = 0x0008

interface Placed {
  entry: ZipEntry
  name: Buffer
  offset: number
  zip64: boolean
}

function place(entries: readonly ZipEntry[]): {
  placed: Placed[]
  directoryOffset: number
  directorySize: number
} {
  let offset = 0
  const placed: Placed[] = []
  for (const entry of entries) {
    const name = Buffer.from(
      entry.kind === 'directory' ? `${entry.name.replace(/\/$/, '')}/` : entry.name,
      'utf8',
    )
    const zip64 = entry.size >= MAX32 || offset >= MAX32
    placed.push({ entry, name, offset, zip64 })
    offset += localHeaderLength(name, zip64) + entry.size + descriptorLength(entry, zip64)
  }
  const directorySize = placed.reduce((sum, p) => sum + 46 + p.name.length + (p.zip64 ? 28 : 0), 0)
  return { placed, directoryOffset: offset, directorySize }
}

const localHeaderLength = (name: Buffer, zip64: boolean) => 30 + name.length + (zip64 ? 20 : 0)
const descriptorLength = (entry: ZipEntry, zip64: boolean) =>
  entry.kind === 'directory' ? 0 : zip64 ? 24 : 16

function needsZip64End(count: number, directoryOffset: number, directorySize: number): boolean {
  return count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32
}

/** The exact length of the archive zipStream() writes for these entries. */
export function zipLength(entries: readonly ZipEntry[]): number {
  const { directoryOffset, directorySize } = place(entries)
  const end = needsZip64End(entries.length, directoryOffset, directorySize) ? 56 + 20 + 22 : 22
  return directoryOffset + directorySize + end
}

/** The archive, chunk by chunk: one file open at a time, memory flat whatever the sizes. */
export async function* zipStream(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  const { placed, directoryOffset, directorySize } = place(entries)
  const crcs: number[] = []
  for (const p of placed) {
    yield localHeader(p)
    let crc = 0
    if (p.entry.kind === 'file') {
      crc = yield* fileBytes(p.entry)
      yield dataDescriptor(p, crc)
    }
    crcs.push(crc)
  }
  for (const [i, p] of placed.entries()) yield centralDirectoryRecord(p, crcs[i]!)
  yield* endRecords(placed.length, directoryOffset, directorySize)
}

function localHeader(p: Placed): Buffer {
  const [time, date] = dosDateTime(p.entry.modifiedAt)
  const isFile = p.entry.kind === 'file'
  const header = Buffer.alloc(localHeaderLength(p.name, p.zip64))
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(p.zip64 ? 45 : 20, 4)
  header.writeUInt16LE(FLAG_UTF8 | (isFile ? FLAG_DESCRIPTOR : 0), 6)
  header.writeUInt16LE(0, 8) // stored
  header.writeUInt16LE(time, 10)
  header.writeUInt16LE(date, 12)
  header.writeUInt32LE(0, 14) // CRC: in the descriptor
  header.writeUInt32LE(p.zip64 ? MAX32 : 0, 18)
  header.writeUInt32LE(p.zip64 ? MAX32 : 0, 22)
  header.writeUInt16LE(p.name.length, 26)
  header.writeUInt16LE(p.zip64 ? 20 : 0, 28)
  p.name.copy(header, 30)
  if (p.zip64) {
    const at = 30 + p.name.length
    header.writeUInt16LE(0x0001, at)
    header.writeUInt16LE(16, at + 2) // sizes: 0 here, real ones in the descriptor
  }
  return header
}

/** A file's bytes as they stream, checked against its announced size; returns their CRC-32. */
async function* fileBytes(entry: ZipEntry): AsyncGenerator<Uint8Array, number> {
  let crc = 0
  let written = 0
  if (entry.size > 0 || entry.open) {
    const source = await entry.open!()
    for await (const chunk of source) {
      written += chunk.length
      if (written > entry.size) throw new ZipSizeMismatchError(entry.name, entry.size, written)
      crc = crc32(chunk, crc)
      yield chunk
    }
  }
  if (written !== entry.size) throw new ZipSizeMismatchError(entry.name, entry.size, written)
  return crc
}

function dataDescriptor(p: Placed, crc: number): Buffer {
  const { entry } = p
  const descriptor = Buffer.alloc(descriptorLength(entry, p.zip64))
  descriptor.writeUInt32LE(0x08074b50, 0)
  descriptor.writeUInt32LE(crc, 4)
  if (p.zip64) {
    descriptor.writeBigUInt64LE(BigInt(entry.size), 8)
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16)
  } else {
    descriptor.writeUInt32LE(entry.size, 8)
    descriptor.writeUInt32LE(entry.size, 12)
  }
  return descriptor
}

function centralDirectoryRecord(p: Placed, crc: number): Buffer {
  const { entry } = p
  const [time, date] = dosDateTime(entry.modifiedAt)
  const isFile = entry.kind === 'file'
  const record = Buffer.alloc(46 + p.name.length + (p.zip64 ? 28 : 0))
  record.writeUInt32LE(0x02014b50, 0)
  record.writeUInt16LE((3 << 8) | 45, 4) // made by: Unix, spec 4.5
  record.writeUInt16LE(p.zip64 ? 45 : 20, 6)
  record.writeUInt16LE(FLAG_UTF8 | (isFile ? FLAG_DESCRIPTOR : 0), 8)
  record.writeUInt16LE(0, 10)
  record.writeUInt16LE(time, 12)
  record.writeUInt16LE(date, 14)
  record.writeUInt32LE(crc, 16)
  record.writeUInt32LE(p.zip64 ? MAX32 : entry.size, 20)
  record.writeUInt32LE(p.zip64 ? MAX32 : entry.size, 24)
  record.writeUInt16LE(p.name.length, 28)
  record.writeUInt16LE(p.zip64 ? 28 : 0, 30)
  record.writeUInt16LE(0, 32) // comment
  record.writeUInt16LE(0, 34) // disk
  record.writeUInt16LE(0, 36) // internal attributes
  // Unix mode in the high half (rw-r--r-- files, rwxr-xr-x folders) and the MS-DOS folder bit.
  const mode = isFile ? 0o100644 : 0o040755
  record.writeUInt32LE(((mode << 16) | (isFile ? 0 : 0x10)) >>> 0, 38)
  record.writeUInt32LE(p.zip64 ? MAX32 : p.offset, 42)
  p.name.copy(record, 46)
  if (p.zip64) {
    const at = 46 + p.name.length
    record.writeUInt16LE(0x0001, at)
    record.writeUInt16LE(24, at + 2)
    record.writeBigUInt64LE(BigInt(entry.size), at + 4)
    record.writeBigUInt64LE(BigInt(entry.size), at + 12)
    record.writeBigUInt64LE(BigInt(p.offset), at + 20)
  }
  return record
}

/** The end of central directory record, after the zip64 end record and its locator when needed. */
function* endRecords(count: number, directoryOffset: number, directorySize: number): Generator<Buffer> {
  const zip64End = needsZip64End(count, directoryOffset, directorySize)
  if (zip64End) {
    const record = Buffer.alloc(56 + 20)
    record.writeUInt32LE(0x06064b50, 0)
    record.writeBigUInt64LE(44n, 4) // size of the rest of this record
    record.writeUInt16LE(45, 12)
    record.writeUInt16LE(45, 14)
    record.writeUInt32LE(0, 16)
    record.writeUInt32LE(0, 20)
    record.writeBigUInt64LE(BigInt(count), 24)
    record.writeBigUInt64LE(BigInt(count), 32)
    record.writeBigUInt64LE(BigInt(directorySize), 40)
    record.writeBigUInt64LE(BigInt(directoryOffset), 48)
    // Locator: where the zip64 end record starts.
    record.writeUInt32LE(0x07064b50, 56)
    record.writeUInt32LE(0, 60)
    record.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 64)
    record.writeUInt32LE(1, 72)
    yield record
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Math.min(count, MAX16), 8)
  end.writeUInt16LE(Math.min(count, MAX16), 10)
  end.writeUInt32LE(zip64End ? MAX32 : directorySize, 12)
  end.writeUInt32LE(zip64End ? MAX32 : directoryOffset, 16)
  yield end
}

/** MS-DOS time and date (local fields, 2-second steps, 1980–2107); we write UTC. */
function dosDateTime(at: Date): [number, number] {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107)
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2)
  const date = ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate()
  return [time, date]
}
