// npm start — builds what is missing or older than its sources (web app, server bundle), then runs
// the built server in this same process. On a built tree it starts at once.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { staleParts } from './build-freshness.mjs'

const root = path.resolve(import.meta.dirname, '..')
for (const part of staleParts(root)) {
  console.log(`Building the ${part} (missing or older than its sources)…`)
  const result = spawnSync('npm', ['run', `build:${part}`], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href)
