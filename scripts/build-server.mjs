// Bundles the server into dist/server/main.js. Dependencies stay external (they are installed by npm ci),
// so the bundle holds only our code and starts fast. Code imported dynamically (the S3 store, which
// pulls in the AWS SDK) goes to a chunk of its own, loaded only when it is used.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/server/main.ts'],
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
