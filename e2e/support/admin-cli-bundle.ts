import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { serverBuildOptions } from '../../scripts/server-build-options.mjs'

// The operator command line (scripts/admin.ts, what `npm run admin` runs through tsx), bundled once per
// browser run as the server is (scripts/server-build-options.mjs), for the helpers that make users
// with it (admin-users.ts). Through tsx each run loaded and transformed every module again: about 2 s
// of CPU per user made, over 15 % of the suite's CPU on a two-core machine, beside the browsers it
// competes with. The bundle runs the same code in under a second. Kept under node_modules so its
// external packages resolve; removed when the run ends.

export interface AdminCliBundle {
  /** The bundled command line, for `node <entry> <command> …`. */
  entry: string
  remove(): void
}

export async function bundleAdminCli(root: string): Promise<AdminCliBundle> {
  const cache = path.join(root, 'node_modules', '.cache')
  fs.mkdirSync(cache, { recursive: true })
  const dir = fs.mkdtempSync(path.join(cache, 'depot-e2e-admin-'))
  const options = serverBuildOptions(dir)
  const workers = (options.entryPoints as { out: string; in: string }[]).filter((e) => e.out !== 'main')
  await build({
    ...options,
    absWorkingDir: root,
    entryPoints: [{ out: 'admin', in: 'scripts/admin.ts' }, ...workers],
    sourcemap: false,
  })
  return { entry: path.join(dir, 'admin.js'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}
