import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

// Worker programs are modules of their own (`*.worker.ts` beside the code that starts them), which
// TypeScript, lint and the tests see like any other module and which import shared code as usual.
// The server's build bundles each into dist/server/workers/<name>.js (scripts/build-server.mjs). Run
// from the sources (tests, tsx), Node cannot load TypeScript in a worker, so the same module is bundled
// here once per process, with the build's esbuild settings, into node_modules/.cache/depot-workers,
// where its packages resolve as the server's own do. Either way the thread runs plain bundled JavaScript.

const here = fileURLToPath(import.meta.url)
const fromSources = here.endsWith('.ts')
/** src/server, when running from the sources (this file is src/server/lib/threads/start-worker.ts). */
const serverSources = path.resolve(path.dirname(here), '../..')
const built = new Map<string, string>()

/** The file a worker thread runs for `entry`, a `*.worker.ts` path relative to src/server. */
export function workerFile(entry: string): string {
  if (!entry.endsWith('.worker.ts')) throw new Error(`${entry}: a worker module is named *.worker.ts`)
  const name = path.basename(entry, '.worker.ts')
  if (!fromSources) {
    // The bundle: dist/server/main.js, or a chunk under dist/server/chunks/.
    const dir = path.dirname(here)
    return path.join(path.basename(dir) === 'chunks' ? path.dirname(dir) : dir, 'workers', `${name}.js`)
  }
  const cached = built.get(entry)
  if (cached) return cached
  const file = bundleFromSources(path.join(serverSources, entry), name)
  built.set(entry, file)
  return file
}

function bundleFromSources(source: string, name: string): string {
  // esbuild is a development dependency: only the sources' runs come here.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild')
  const result = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]!.text
  const digest = crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)
  const dir = path.resolve(serverSources, '../../node_modules/.cache/depot-workers')
  const file = path.join(dir, `${name}-${digest}.mjs`)
  if (!fs.existsSync(file)) {
    // Several test processes may bundle the same worker at once: each writes its own file and renames
    // it into place, so none ever loads a half-written one.
    fs.mkdirSync(dir, { recursive: true })
    const partial = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`
    fs.writeFileSync(partial, code)
    fs.renameSync(partial, file)
  }
  return file
}

/** Starts the worker module `entry` (a `*.worker.ts` path relative to src/server) on a thread. */
export function startWorker(entry: string, options: WorkerOptions = {}): Worker {
  return new Worker(workerFile(entry), options)
}
