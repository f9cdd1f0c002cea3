// Bundles the server into dist/server/main.js and its worker threads into dist/server/workers/ (the
// options and why: scripts/server-build-options.mjs).
import { build } from 'esbuild'
import { serverBuildOptions } from './server-build-options.mjs'

await build(serverBuildOptions('dist/server'))
