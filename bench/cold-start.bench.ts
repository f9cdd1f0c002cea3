import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  type BenchDatabase,
  benchDatabases,
  emptyPostgres,
  POSTGRES_NOT_MEASURED,
  postgresBenchUrl,
} from './lib/bench-database'
import { ensureBuilt, REPO_ROOT } from './lib/built-tree'
import { type GoalRow, loadAverage, printGoalRows } from './lib/goal-rows'
import { sortNumbers } from './lib/stats'
import { formatFixed } from './lib/table'

// Cold start on a built tree: from spawning the process to the first 200 from /healthz, for the built
// server (`node dist/server/main.js` on a fresh data folder: SQLite, and PostgreSQL on the emptied
// scratch database when BENCH_DATABASE_URL names one, so both migrate from nothing; on PostgreSQL also
// on the database already migrated, as a restart finds it) and for `npm start` (which first checks
// that the build is current, on SQLite), against a bare node:http server started the same way (the
// baseline).

const RUNS = 3
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`

interface Way {
  label: string
  command: string[]
  goalMs?: number
  /** The database the server opens; SQLite in its data folder when absent. */
  on?: BenchDatabase
  /** PostgreSQL: empty the database before each start (it migrates from nothing), or keep it migrated. */
  empty?: boolean
}

export const coldStart = {
  name: 'cold-start',
  async run(): Promise<{ ok: boolean }> {
    console.log('\n## cold-start: spawn to the first 200 from /healthz, on a built tree (median of 3)')
    ensureBuilt()
    const ways: Way[] = [
      { label: 'bare node:http (baseline)', command: [process.execPath, '-e', BARE] },
      ...benchDatabases().flatMap((on) =>
        (on.url ? [true, false] : [true]).map((empty) => ({
          label: `node dist/server/main.js, ${on.url ? (empty ? 'empty database' : 'migrated database (a restart)') : 'new data folder'}`,
          command: [process.execPath, 'dist/server/main.js'],
          goalMs: 1500,
          on,
          empty,
        })),
      ),
      { label: 'npm start', command: ['npm', 'start', '--silent'], goalMs: 3000 },
    ]
    const medians: number[] = []
    for (const way of ways) {
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) times.push(await timeToFirst200(way.command, way.on, way.empty ?? true))
      medians.push(sortNumbers(times)[Math.floor(RUNS / 2)]!)
    }
    const load = loadAverage()
    printGoalRows(
      ways.slice(1).map(
        (way, i): GoalRow => ({
          database: way.on?.label ?? 'SQLite',
          what: `${way.label}, ms to first 200`,
          figure: formatFixed(medians[i + 1]!, 0),
          baseline: formatFixed(medians[0]!, 0),
          ratio: `${formatFixed(medians[i + 1]! / medians[0]!, 2)}×`,
          goal: `< ${way.goalMs} ms`,
          met: medians[i + 1]! < way.goalMs!,
          load,
        }),
      ),
    )
    if (!postgresBenchUrl()) console.log(POSTGRES_NOT_MEASURED)
    return { ok: true }
  },
}

async function timeToFirst200(
  command: string[],
  on: BenchDatabase | undefined,
  empty: boolean,
): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-start-'))
  // From nothing on PostgreSQL too: the server migrates an empty database, as SQLite a new file. The
  // migrated way follows the empty one, so its database holds every migration already.
  if (on?.url && empty) await emptyPostgres(on.url)
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
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
    // A process group of its own: `npm start` runs the server in a grandchild, which a signal to npm
    // alone leaves running.
    detached: true,
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  } finally {
    await stopGroup(child.pid!)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Stops every process of the group `pid` leads and waits until none is left. */
async function stopGroup(pid: number): Promise<void> {
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-pid, name)
      return true
    } catch {
      return false // ESRCH: the group is empty
    }
  }
  signal('SIGTERM')
  const deadline = Date.now() + 10_000
  while (signal(0)) {
    if (Date.now() > deadline) signal('SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
