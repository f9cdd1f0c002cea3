import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { AppDeps } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { GENERATED_SECRET_FILE } from '../../lib/secret-file'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  BLOB_LIST_FILE,
  blobFile,
  encodeRow,
  MANIFEST_FILE,
  SECRET_FILE,
  tableFile,
} from './backup-format'
import { appliedMigrationNames, listTables, tableColumns, tablePage } from './database-tables.repository'

// `npm run admin -- backup --to DIR` (docs/decisions/0066): every table as JSON lines, read in one
// transaction (a consistent snapshot on both databases), then the blobs (disk: the bytes; S3: the list),
// then the generated auth secret, and last the manifest with the checksum of every file written.

const PAGE = 1000

export interface BackupResult {
  dir: string
  manifest: BackupManifest
}

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>

export async function createBackup(deps: Deps, dir: string): Promise<BackupResult> {
  const target = path.resolve(dir)
  const existing = await readdir(target).catch(() => undefined)
  if (existing && existing.length > 0) {
    throw new HttpProblem(
      409,
      'backup_target_not_empty',
      `${target} is not empty: back up into a new folder.`,
    )
  }
  await mkdir(path.join(target, 'database'), { recursive: true })
  const files: BackupManifest['files'] = {}
  const record = (name: string, size: number, sha256: string) => {
    files[name] = { size, sha256 }
  }

  const { migrations, tables } = await dumpDatabase(deps, target, record)

  let count = 0
  let bytes = 0
  const listLines: string[] = []
  for await (const blob of deps.storage.list()) {
    if (deps.storage.driver === 'disk') {
      const name = blobFile(blob.key)
      const read = await deps.storage.get(blob.key).catch(() => undefined)
      if (!read) continue // deleted since it was listed
      await mkdir(path.dirname(path.join(target, name)), { recursive: true })
      const { size, sha256 } = await writeHashed(path.join(target, name), read.body)
      record(name, size, sha256)
    }
    count++
    bytes += blob.size
    listLines.push(
      JSON.stringify({
        key: blob.key,
        size: blob.size,
        modifiedAt: blob.modifiedAt.toISOString(),
        etag: blob.etag,
      }),
    )
  }
  await writeSmallFile(target, BLOB_LIST_FILE, listLines.map((l) => `${l}\n`).join(''), record)

  const secret = await readFile(path.join(deps.env.dataDir, GENERATED_SECRET_FILE), 'utf8').catch(
    () => undefined,
  )
  if (secret) await writeSmallFile(target, SECRET_FILE, secret, record, 0o600)

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: deps.clock().toISOString(),
    dialect: deps.database.dialect,
    migrations,
    tables,
    blobs: { driver: deps.storage.driver, count, bytes, bytesIncluded: deps.storage.driver === 'disk' },
    authSecret: secret !== undefined,
    files,
  }
  await writeFile(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  return { dir: target, manifest }
}

async function dumpDatabase(
  deps: Deps,
  target: string,
  record: (name: string, size: number, sha256: string) => void,
): Promise<{ migrations: string[]; tables: BackupManifest['tables'] }> {
  const db = deps.database.db
  // Read before the transaction: on SQLite, anything outside it would wait for its one connection.
  const names = await listTables(db)
  const columnsOf = await tableColumns(db)
  const run = async (trx: typeof db) => {
    const migrations = await appliedMigrationNames(trx)
    const tables: BackupManifest['tables'] = []
    for (const table of names) {
      const columns = columnsOf.get(table) ?? []
      const name = tableFile(table)
      const hash = createHash('sha256')
      const out = createWriteStream(path.join(target, name), { mode: 0o600 })
      let rows = 0
      let size = 0
      const write = (text: string) =>
        new Promise<void>((resolve, reject) => {
          hash.update(text)
          size += Buffer.byteLength(text)
          out.write(text, (error) => (error ? reject(error) : resolve()))
        })
      // Pages in a fixed order: every column, so the order is total for any table with a key.
      for (let offset = 0; ; offset += PAGE) {
        const page = await tablePage(trx, table, columns, { limit: PAGE, offset })
        if (page.length > 0) await write(page.map((r) => `${encodeRow(r)}\n`).join(''))
        rows += page.length
        if (page.length < PAGE) break
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      )
      record(name, size, hash.digest('hex'))
      tables.push({ name: table, rows })
    }
    return { migrations, tables }
  }
  // One snapshot for every table: PostgreSQL's repeatable read; SQLite's read transaction (WAL).
  return deps.database.dialect === 'postgres'
    ? db.transaction().setIsolationLevel('repeatable read').execute(run)
    : db.transaction().execute(run)
}

async function writeHashed(
  file: string,
  source: NodeJS.ReadableStream,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk)
        size += chunk.length
        callback(null, chunk)
      },
    }),
    createWriteStream(file, { mode: 0o600 }),
  )
  return { size, sha256: hash.digest('hex') }
}

async function writeSmallFile(
  target: string,
  name: string,
  content: string,
  record: (name: string, size: number, sha256: string) => void,
  mode = 0o600,
) {
  await writeFile(path.join(target, name), content, { mode })
  record(name, Buffer.byteLength(content), createHash('sha256').update(content).digest('hex'))
}
