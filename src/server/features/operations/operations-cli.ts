import type { AppDeps } from '../../deps'
import { drainBlobDeletions } from '../../lib/storage/blob-deletions'
import { createBackup } from './backup'
import { checkBlobIntegrity } from './fsck'
import { restoreBackup } from './restore'

// The operator's backup, restore and fsck commands, as `npm run admin` runs them (admin-cli.ts parses).

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>
interface Output {
  out(line: string): void
  err(line: string): void
}

export type OperationsInput =
  | { to: string }
  | { from: string }
  | { repair: boolean; 'grace-hours'?: number | undefined }

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

export async function runOperationsCommand(
  deps: Deps,
  command: 'backup' | 'restore' | 'fsck',
  input: OperationsInput,
  io: Output,
): Promise<void> {
  switch (command) {
    case 'backup': {
      const { dir, manifest } = await createBackup(deps, (input as { to: string }).to)
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
      io.out(
        `Backed up ${rows} row(s) of ${manifest.tables.length} tables from ${manifest.dialect}, ` +
          `${manifest.blobs.count} blob(s) (${mib(manifest.blobs.bytes)})` +
          `${manifest.blobs.bytesIncluded ? '' : ': their list only, the bucket keeps the bytes'}` +
          `${manifest.authSecret ? ' and the generated auth secret' : ''} to ${dir}.`,
      )
      if (!manifest.authSecret)
        io.out('AUTH_SECRET comes from the environment: keep it with the backup, signed links need it.')
      return
    }
    case 'restore': {
      const result = await restoreBackup(deps, (input as { from: string }).from)
      io.out(
        `Restored ${result.rows} row(s) and ${result.blobs} blob(s)` +
          `${result.manifest.authSecret ? ' and the generated auth secret' : ''}, backed up ${result.manifest.createdAt}.`,
      )
      if (result.missingInBucket.length > 0) {
        io.err(`${result.missingInBucket.length} blob(s) the backup lists are not in the bucket:`)
        for (const key of result.missingInBucket) io.err(`  ${key}`)
      }
      return
    }
    case 'fsck': {
      const options = input as { repair: boolean; 'grace-hours'?: number }
      const graceHours = options['grace-hours'] ?? deps.env.blobOrphanGraceHours
      const report = await checkBlobIntegrity(deps, { repair: options.repair, graceHours })
      io.out(`${report.blobs} blob(s) in storage, ${report.referenced} named by rows.`)
      for (const row of report.missing)
        io.out(`missing: ${row.table}.${row.column} of ${row.id} names ${row.key}`)
      for (const orphan of report.orphans)
        io.out(`orphan: ${orphan.key} (${orphan.size} bytes, ${orphan.modifiedAt.toISOString()})`)
      io.out(
        `${report.missing.length} row(s) with a missing blob; ${report.orphans.length} orphan blob(s) older than ` +
          `${graceHours} h, ${report.youngOrphans} younger (left alone), ${report.alreadyQueued} already queued; ` +
          `${report.staleThumbnails} stale thumbnail(s).`,
      )
      if (!options.repair) {
        if (report.orphans.length + report.staleThumbnails > 0) io.out('Run with --repair to delete them.')
        return
      }
      let deleted = 0
      for (;;) {
        const round = await drainBlobDeletions(deps.database.db, deps.storage, deps.clock(), {
          dataDir: deps.env.dataDir,
        })
        deleted += round.deleted
        if (round.deleted === 0) break
      }
      io.out(
        `Queued ${report.queued} orphan blob(s) for deletion; ${deleted} blob(s) deleted now; ` +
          `${report.thumbnailsRemoved} stale thumbnail(s) removed.`,
      )
      return
    }
  }
}
