import { spawn } from 'node:child_process'
import type { BenchDatabase } from './bench-database'
import { ensureBuilt, REPO_ROOT } from './built-tree'
import { freePort } from './free-port'

// Cold start of the built server (`node dist/server/main.js`) on a data folder and, for PostgreSQL,
// the database a benchmark seeded: from spawning the process to the first 200 from /healthz. The
// built tree, not tsx, so the figure is the server's own start and not the transpiler's.

export async function builtStartMs(dataDir: string, on: BenchDatabase | undefined): Promise<number> {
  ensureBuilt()
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(on?.url ? { DATABASE_URL: on.url } : {}),
    },
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dist/server/main.js exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) return performance.now() - started
      if (performance.now() - started > 60_000) throw new Error('dist/server/main.js did not answer in 60 s')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  } finally {
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
}
