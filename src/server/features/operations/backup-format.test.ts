import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  blobEntrySchema,
  blobFile,
  decodeRow,
  encodeRow,
  manifestSchema,
  sha256File,
  tableFile,
} from './backup-format'

// The backup folder's format on its own: rows as JSON lines (bytes as base64) that read back as they
// were written, the manifest and blob list accepted only in their declared shape, file paths, and the
// checksum of a file as sha256sum would print it.

const manifest = {
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  createdAt: '2026-11-28T10:00:00.000Z',
  dialect: 'sqlite',
  migrations: ['0001_initial', '0002_more'],
  tables: [{ name: 'users', rows: 2 }],
  blobs: { driver: 'disk', count: 1, bytes: 12, bytesIncluded: true },
  authSecret: true,
  files: { 'database/users.jsonl': { size: 80, sha256: 'ab'.repeat(32) } },
}

let dir: string | undefined
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('a row as a JSON line', () => {
  it('reads back as it was written, bytes included', () => {
    const row = {
      id: 'u1',
      name: 'Ada “Countess” Lovelace\nline two',
      count: 3,
      active: true,
      missing: null,
      image: Buffer.from([0, 1, 2, 250, 255]),
    }
    const line = encodeRow(row)
    expect(line).not.toContain('\n')
    expect(JSON.parse(line).image).toEqual({ $base64: 'AAEC+v8=' })
    const back = decodeRow(line)
    expect(back).toEqual(row)
    expect(Buffer.isBuffer(back.image)).toBe(true)
  })

  it('leaves JSON text in a column as text', () => {
    const row = { staffFunctions: '["files","shop"]', metadata: '{"$base64":"not bytes"}' }
    expect(decodeRow(encodeRow(row))).toEqual(row)
  })

  it('refuses a line that is not JSON', () => {
    expect(() => decodeRow('{"id": "u1",')).toThrow(SyntaxError)
  })
})

describe('the manifest', () => {
  it('accepts the declared shape', () => {
    expect(manifestSchema.parse(manifest)).toEqual(manifest)
  })

  it('refuses another format or version, an unknown dialect, and negative counts', () => {
    expect(manifestSchema.safeParse({ ...manifest, format: 'other-backup' }).success).toBe(false)
    expect(manifestSchema.safeParse({ ...manifest, version: BACKUP_VERSION + 1 }).success).toBe(false)
    expect(manifestSchema.safeParse({ ...manifest, dialect: 'mysql' }).success).toBe(false)
    expect(manifestSchema.safeParse({ ...manifest, tables: [{ name: 'users', rows: -1 }] }).success).toBe(
      false,
    )
    expect(manifestSchema.safeParse({ ...manifest, blobs: { ...manifest.blobs, count: 1.5 } }).success).toBe(
      false,
    )
    const { files: _files, ...withoutFiles } = manifest
    expect(manifestSchema.safeParse(withoutFiles).success).toBe(false)
  })

  it('takes a blob list entry with or without an ETag, never without a key', () => {
    const entry = { key: 'k1', size: 3, modifiedAt: '2026-11-28T10:00:00.000Z' }
    expect(blobEntrySchema.parse(entry)).toEqual(entry)
    expect(blobEntrySchema.parse({ ...entry, etag: '"abc"' }).etag).toBe('"abc"')
    expect(blobEntrySchema.safeParse({ size: 3, modifiedAt: entry.modifiedAt }).success).toBe(false)
  })
})

describe('paths in the backup folder', () => {
  it('puts a table in database/ and a blob under its key’s last two characters, lower-cased', () => {
    expect(tableFile('folder_permissions')).toBe('database/folder_permissions.jsonl')
    expect(blobFile('0190A9D0-KEY-AB')).toBe('blobs/ab/0190A9D0-KEY-AB')
    expect(blobFile('x9')).toBe('blobs/x9/x9')
  })
})

describe('a file’s checksum', () => {
  it('is the SHA-256 and size of its bytes, across read chunks', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-format-'))
    const file = path.join(dir, 'blob')
    // Over the 1 MiB read size, so the hash is fed more than once.
    const bytes = Buffer.alloc(3 * (1 << 20) + 17, 7)
    fs.writeFileSync(file, bytes)
    expect(await sha256File(file)).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    })
    fs.writeFileSync(file, '')
    expect(await sha256File(file)).toEqual({
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      size: 0,
    })
  })
})
