import { createReadStream } from 'node:fs'
import { chmod, copyFile, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { knownMigrations, migrateTo, migrateToLatest } from '../../db/migrator'
import type { AppDeps } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../lib/private-files'
import { GENERATED_SECRET_FILE } from '../../lib/secret-file'
import { diskBlobPath } from '../../lib/storage'
import {
  type BackupManifest,
  BLOB_LIST_FILE,
  blobEntrySchema,
  blobFile,
  decodeRow,
  MANIFEST_FILE,
  manifestSchema,
  SECRET_FILE,
  sha256File,
  tableFile,
} from './backup-format'
import { insertOrder, orderSelfReferences } from './database-tables'
import { countAllTables, insertRows, listForeignKeys } from './database-tables.repository'

// `npm run admin -- restore --from DIR` (docs/decisions/0066): into an empty database and data folder
// only. Every checksum is verified before anything is written; then the schema is migrated to where the
// backup left it, the rows are loaded in one transaction (referenced rows first), the schema is
// migrated to this version's latest, the blobs are copied back and the generated secret restored.

const BATCH = 100

type Deps = Pick<AppDeps, 'database' | 'env' | 'storage'>

export interface RestoreResult {
  manifest: BackupManifest
  rows: number
  blobs: number
  /** S3: keys the backup lists that the bucket does not hold (the bucket keeps the bytes). */
  missingInBucket: string[]
}

export async function restoreBackup(deps: Deps, dir: string): Promise<RestoreResult> {
  const source = path.resolve(dir)
  const manifest = await verifyBackup(source)
  const blobs = (await readLines(path.join(source, BLOB_LIST_FILE))).map((l) =>
    blobEntrySchema.parse(JSON.parse(l)),
  )
  await assertEmptyTarget(deps, manifest)

  try {
    return await load(deps, source, manifest, blobs)
  } catch (error) {
    throw new Error(
      `Restore failed part-way (${(error as Error).message}). The database and data folder are now partly ` +
        'restored: drop and recreate them before trying again.',
      { cause: error },
    )
  }
}

async function load(
  deps: Deps,
  source: string,
  manifest: BackupManifest,
  blobs: { key: string }[],
): Promise<RestoreResult> {
  const last = manifest.migrations.at(-1)
  if (last) await migrateTo(deps.database, last)
  const rows = await loadRows(deps, source, manifest)
  await migrateToLatest(deps.database)

  const missingInBucket: string[] = []
  if (manifest.blobs.bytesIncluded) {
    const root = path.join(deps.env.dataDir, 'blobs')
    for (const blob of blobs) {
      const target = diskBlobPath(root, blob.key)
      await makePrivateDir(path.dirname(target))
      const temp = `${target}.restoring`
      await copyFile(path.join(source, blobFile(blob.key)), temp)
      await chmod(temp, PRIVATE_FILE_MODE)
      await rename(temp, target)
    }
  } else {
    const present = new Set<string>()
    for await (const blob of deps.storage.list()) present.add(blob.key)
    for (const blob of blobs) if (!present.has(blob.key)) missingInBucket.push(blob.key)
  }

  if (manifest.authSecret) {
    await makePrivateDir(deps.env.dataDir)
    await writeFile(
      path.join(deps.env.dataDir, GENERATED_SECRET_FILE),
      await readFile(path.join(source, SECRET_FILE)),
      {
        mode: 0o600,
      },
    )
  }
  return { manifest, rows, blobs: blobs.length, missingInBucket }
}

/** The manifest, once every file it lists has the size and SHA-256 it records. */
export async function verifyBackup(source: string): Promise<BackupManifest> {
  const raw = await readFile(path.join(source, MANIFEST_FILE), 'utf8').catch(() => undefined)
  if (raw === undefined) throw refused(`${source} holds no ${MANIFEST_FILE}: not a Depot backup.`)
  let manifest: BackupManifest
  try {
    manifest = manifestSchema.parse(JSON.parse(raw))
  } catch {
    throw refused(`${path.join(source, MANIFEST_FILE)} is not a Depot backup manifest this version reads.`)
  }
  const expected = [
    ...manifest.tables.map((t) => tableFile(t.name)),
    BLOB_LIST_FILE,
    ...(manifest.authSecret ? [SECRET_FILE] : []),
  ]
  const bad: string[] = expected.filter((name) => !manifest.files[name]).map((name) => `${name} (not listed)`)
  for (const [name, want] of Object.entries(manifest.files)) {
    const file = path.resolve(source, name)
    if (!file.startsWith(`${source}${path.sep}`)) {
      bad.push(`${name} (outside the backup)`)
      continue
    }
    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile()) bad.push(`${name} (missing)`)
    else if (info.size !== want.size) bad.push(`${name} (size ${info.size}, expected ${want.size})`)
    else if ((await sha256File(file)).sha256 !== want.sha256) bad.push(`${name} (checksum differs)`)
  }
  if (manifest.blobs.bytesIncluded) {
    for (const line of await readLines(path.join(source, BLOB_LIST_FILE))) {
      const { key } = blobEntrySchema.parse(JSON.parse(line))
      if (!manifest.files[blobFile(key)]) bad.push(`${blobFile(key)} (not listed)`)
    }
  }
  if (bad.length > 0) {
    const shown = bad.slice(0, 10).join(', ')
    throw refused(
      `The backup is damaged; nothing was restored. ${shown}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''}.`,
    )
  }
  const known = knownMigrations()
  if (manifest.migrations.some((name, i) => known[i] !== name)) {
    throw refused(
      'The backup was made by a newer or different version of Depot: restore it with that version.',
    )
  }
  return manifest
}

async function assertEmptyTarget(deps: Deps, manifest: BackupManifest): Promise<void> {
  if ((await countAllTables(deps.database.db)) > 0) {
    throw new HttpProblem(
      409,
      'restore_target_not_empty',
      'The database is not empty: restore into a new, empty database.',
    )
  }
  if (await stat(path.join(deps.env.dataDir, GENERATED_SECRET_FILE)).catch(() => undefined)) {
    throw new HttpProblem(
      409,
      'restore_target_not_empty',
      `${deps.env.dataDir} already has a generated secret: restore into a new, empty data folder.`,
    )
  }
  if (manifest.blobs.bytesIncluded) {
    if (deps.storage.driver !== 'disk') {
      throw refused('The backup holds blobs of the disk driver: restore it with S3_BUCKET unset.')
    }
    for await (const _ of deps.storage.list()) {
      throw new HttpProblem(
        409,
        'restore_target_not_empty',
        `${deps.env.dataDir}/blobs is not empty: restore into a new, empty data folder.`,
      )
    }
  } else if (deps.storage.driver !== 's3') {
    throw refused('The backup lists blobs kept in S3: restore it with the same S3_* settings.')
  }
}

async function loadRows(deps: Deps, source: string, manifest: BackupManifest): Promise<number> {
  const keys = await listForeignKeys(deps.database)
  const order = insertOrder(
    manifest.tables.map((t) => t.name),
    keys,
  )
  let total = 0
  await deps.database.db.transaction().execute(async (trx) => {
    for (const table of order) {
      let rows = (await readLines(path.join(source, tableFile(table)))).map(decodeRow)
      rows = orderSelfReferences(
        rows,
        keys.filter((k) => k.from === table && k.to === table),
      )
      for (let i = 0; i < rows.length; i += BATCH) {
        await insertRows(trx, table, rows.slice(i, i + BATCH))
      }
      total += rows.length
    }
  })
  return total
}

async function readLines(file: string): Promise<string[]> {
  const lines: string[] = []
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line.trim()) lines.push(line)
  }
  return lines
}

const refused = (detail: string) => new HttpProblem(422, 'backup_refused', detail)
