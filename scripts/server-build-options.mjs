// How the server is bundled (esbuild), shared by `npm run build:server` (scripts/build-server.mjs) and
// the tests that start a bundled server (test/support/server-process.ts). Dependencies stay external
// (they are installed by npm ci), so the bundle holds only our code and starts fast. Code imported
// dynamically (the S3 store, which pulls in the AWS SDK) goes to a chunk of its own, loaded only when it
// is used. Each worker thread's program (src/server/**/*.worker.ts) is an entry of its own,
// <outdir>/workers/<name>.js, which src/server/lib/threads/start-worker.ts starts.
import fs from 'node:fs'
import path from 'node:path'

/** @param {string} outdir @returns {import('esbuild').BuildOptions} */
export function serverBuildOptions(outdir) {
  const workers = fs
    .readdirSync('src/server', { recursive: true })
    .filter((file) => file.endsWith('.worker.ts'))
    .map((file) => ({
      out: `workers/${path.basename(file, '.worker.ts')}`,
      in: path.join('src/server', file),
    }))
  return {
    entryPoints: [{ out: 'main', in: 'src/server/main.ts' }, ...workers],
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  }
}
