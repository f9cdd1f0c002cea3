import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuilt, REPO_ROOT } from './lib/built-tree'
import { sortNumbers } from './lib/stats'
import { formatFixed, formatTable } from './lib/table'

// Cold start on a built tree: from spawning the process to the first 200 from /healthz, for the built
// server (`node dist/server/main.js`, SQLite on a fresh data folder) and for `npm start` (which first
// checks that the build is current), against a bare node:http server started the same way.

const RUNS = 3
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`

interface Way {
  label: string
  command: string[]
  goalMs?: number
}

export const coldStart = {
  name: 'cold-start',
  async run(): Promise<{ ok: boolean }> {
    console.log('\n## cold-start: spawn to the first 200 from /healthz, on a built tree (median of 3)')
    ensureBuilt()
    const ways: Way[] = [
      { label: 'bare node:http (baseline)', command: [process.execPath, '-e', BARE] },
      { label: 'node dist/server/main.js', command: [process.execPath, 'dist/server/main.js'], goalMs: 1500 },
      { label: 'npm start', command: ['npm', 'start', '--silent'], goalMs: 3000 },
    ]
    const medians: number[] = []
    for (const way of ways) {
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) times.push(await timeToFirst200(way.command))
      medians.push(sortNumbers(times)[Math.floor(RUNS / 2)]!)
    }
    console.log()
    console.log(
      formatTable(
        ['way', 'ms to first 200', '÷ bare node', 'goal'],
        ways.map((way, i) => [
          way.label,
          formatFixed(medians[i]!, 0),
          formatFixed(medians[i]! / medians[0]!, 2),
          way.goalMs ? `< ${way.goalMs} ms: ${medians[i]! < way.goalMs ? 'met' : 'MISSED'}` : '',
        ]),
      ),
    )
    return { ok: true }
  },
}

async function timeToFirst200(command: string[]): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-start-'))
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
