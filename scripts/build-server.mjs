// Bundles the server into dist/server/main.js. Dependencies stay external (they are installed by npm ci),
// so the bundle holds only our code and starts fast. Code imported dynamically (the S3 store, which
// pulls in the AWS SDK) goes to a chunk of its own, loaded only when it is used. Each worker thread's
// program (src/server/**/*.worker.ts) is an entry of its own, dist/server/workers/<name>.js, which
// src/server/lib/threads/start-worker.ts starts.
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const workers = fs
  .readdirSync('src/server', { recursive: true })
  .filter((file) => file.endsWith('.worker.ts'))
  .map((file) => ({ out: `workers/${path.basename(file, '.worker.ts')}`, in: path.join('src/server', file) }))

await build({
  entryPoints: [{ out: 'main', in: 'src/server/main.ts' }, ...workers],
  outdir: 'dist/server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
