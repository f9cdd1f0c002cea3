import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { z } from 'zod'

// The backup folder (docs/decisions/0066), portable between SQLite and PostgreSQL:
//   manifest.json             what is in it, with the SHA-256 and size of every other file
//   database/<table>.jsonl    one JSON object per row; bytes as {"$base64": "…"}
//   blobs/<xx>/<key>          the disk driver's blob tree, as it is under DATA_DIR/blobs
//   blobs.jsonl               every blob in storage: key, size, modification time (and ETag on S3)
//   auth-secret               the generated secret that signs links, when the server generated one

export const BACKUP_FORMAT = 'depot-backup'
export const BACKUP_VERSION = 1
export const MANIFEST_FILE = 'manifest.json'
export const BLOB_LIST_FILE = 'blobs.jsonl'
export const SECRET_FILE = 'auth-secret'
export const tableFile = (table: string) => `database/${table}.jsonl`
export const blobFile = (key: string) => `blobs/${key.slice(-2).toLowerCase()}/${key}`

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** The database it came from; the rows load into either. */
  dialect: z.enum(['sqlite', 'postgres']),
  /** The migrations applied when it was made, in order: a restore migrates to the last, loads, then on. */
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
  blobs: z.object({
    driver: z.enum(['disk', 's3']),
    count: z.number().int().nonnegative(),
    bytes: z.number().nonnegative(),
    /** Disk: the bytes are in the backup. S3: only the list; the bucket keeps the bytes. */
    bytesIncluded: z.boolean(),
  }),
  authSecret: z.boolean(),
  files: z.record(z.string(), z.object({ size: z.number().int().nonnegative(), sha256: z.string() })),
})
export type BackupManifest = z.infer<typeof manifestSchema>

export const blobEntrySchema = z.object({
  key: z.string(),
  size: z.number(),
  modifiedAt: z.string(),
  etag: z.string().optional(),
})

/** One row as a JSON line: bytes (avatars) become base64, everything else is already JSON. */
export function encodeRow(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_key, value: unknown) => {
    if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer') {
      return { $base64: Buffer.from((value as { data: number[] }).data).toString('base64') }
    }
    return value
  })
}

export function decodeRow(line: string): Record<string, unknown> {
  return JSON.parse(line, (_key, value: unknown) => {
    if (value && typeof value === 'object' && typeof (value as { $base64?: unknown }).$base64 === 'string') {
      return Buffer.from((value as { $base64: string }).$base64, 'base64')
    }
    return value
  }) as Record<string, unknown>
}

export async function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { sha256: hash.digest('hex'), size }
}
