import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

/** Builds the tree (`npm run build`) when there is no built server yet: the benches that need one. */
export function ensureBuilt(): void {
  if (fs.existsSync(path.join(REPO_ROOT, 'dist/server/main.js'))) return
  console.log('   building first (npm run build)')
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed')
}
