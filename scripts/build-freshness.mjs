// Which parts of the build are missing or older than their sources, so `npm start` rebuilds only
// those. A part is stale when any of its sources (files under its folders, or the listed files) was
// modified after its output.
import fs from 'node:fs'
import path from 'node:path'

export const BUILD_PARTS = {
  web: {
    output: 'dist/web/index.html',
    sources: ['src/web', 'src/shared', 'vite.config.ts', 'package.json'],
  },
  server: {
    output: 'dist/server/main.js',
    sources: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package.json'],
  },
}

/** The newest modification time (ms) under `target`, a file or a folder; 0 when it does not exist. */
export function newestMtime(target) {
  let stat
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs // a deleted file shows as a newer folder
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

/** The names of the parts of BUILD_PARTS to (re)build under `root`. */
export function staleParts(root, parts = BUILD_PARTS) {
  return Object.entries(parts)
    .filter(([, part]) => {
      const output = newestMtime(path.join(root, part.output))
      if (output === 0) return true
      return part.sources.some((source) => newestMtime(path.join(root, source)) > output)
    })
    .map(([name]) => name)
}
