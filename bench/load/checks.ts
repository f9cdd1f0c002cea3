import { spawnSync } from 'node:child_process'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { REPO_ROOT } from '../lib/built-tree'

// After the servers have stopped: SQLite's own check of its file, and the operator's `npm run admin --
// fsck` (blobs no row names, rows whose blob is missing) on the same data, with the same variables the
// servers had. fsck runs with --grace-hours 0: with every server stopped, any blob no row names is a
// leak, however young (the default grace leaves the run's own orphans unreported).

export interface Check {
  clean: boolean
  summary: string
}

export function sqliteIntegrity(dataDir: string): Check {
  const database = new SqliteDatabase(path.join(dataDir, 'depot.sqlite'), { readonly: true })
  try {
    const rows = database.pragma('integrity_check') as { integrity_check: string }[]
    const lines = rows.map((r) => r.integrity_check)
    return { clean: lines.length === 1 && lines[0] === 'ok', summary: lines.slice(0, 3).join('; ') }
  } finally {
    database.close()
  }
}

/**
 * `filesWithoutBytes`: rows the scale seed wrote with no blob behind them (load settings, `files`);
 * fsck is clean when it finds exactly those missing and no orphan, so one blob the load lost still shows.
 */
export function adminFsck(env: Record<string, string>, filesWithoutBytes = 0): Check {
  const run = spawnSync('npm', ['run', 'admin', '--silent', '--', 'fsck', '--grace-hours', '0'], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    // A line per missing row: about 120 bytes each.
    maxBuffer: 16 * 1024 * 1024 + filesWithoutBytes * 160,
  })
  const output = `${run.stdout}${run.stderr}`.trim()
  const counts = /(\d+) row\(s\) with a missing blob; (\d+) orphan blob\(s\)/.exec(output)
  const clean =
    run.status === 0 && counts !== null && counts[1] === String(filesWithoutBytes) && counts[2] === '0'
  // fsck's own lines (the S3 client may print notices of its own on stderr).
  const lines = output.split('\n').filter((l) => /blob|^missing:|^orphan:|^Failed/.test(l))
  const shown = lines.length > 4 ? [...lines.slice(0, 2), '…', ...lines.slice(-2)] : lines
  const seeded = filesWithoutBytes > 0 ? `(the scale seed's ${filesWithoutBytes} rows have no bytes) ` : ''
  return { clean, summary: `${seeded}${shown.join(' | ')}` }
}
