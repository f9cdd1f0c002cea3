// Bundles the server into dist/server/main.js. Dependencies stay external (they are installed by npm ci),
// so the bundle holds only our code and starts fast.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
