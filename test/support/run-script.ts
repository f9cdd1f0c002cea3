import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Runs `lines` as a TypeScript module (through tsx) in a process of its own, written to `dir`, and
 * answers how it ended and what it printed. For tests that a process ends by itself: a file, not
 * `-e`, since a script given with -e ends the process when it ends, whatever is still open.
 */
export function runScript(dir: string, lines: string[]): { status: number | null; out: string } {
  const file = path.join(dir, 'script.mts')
  fs.writeFileSync(file, lines.join('\n'))
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 60_000 })
  return { status: result.status, out: result.stdout.trim() }
}
