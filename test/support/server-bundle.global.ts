import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { serverBuildOptions } from '../../scripts/server-build-options.mjs'

// The server suites' global setup: bundles the server once per run, as `npm run build:server` does, for
// every test that starts the server as a process of its own (test/support/server-process.ts). Starting
// the bundle takes a second where tsx compiling every module took ten or more on a busy 2-core machine,
// and it is the program production runs. Kept under node_modules so the bundle's external packages
// resolve; removed when the run ends.

declare module 'vitest' {
  export interface ProvidedContext {
    serverEntry: string
  }
}

export default async function setup(project: TestProject) {
  const cache = path.resolve('node_modules/.cache')
  fs.mkdirSync(cache, { recursive: true })
  const dir = fs.mkdtempSync(path.join(cache, 'depot-server-'))
  await build({ ...serverBuildOptions(dir), sourcemap: false })
  project.provide('serverEntry', path.join(dir, 'main.js'))
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
