import os from 'node:os'

/** Run settings, from the environment so `npm run bench` needs no arguments. */
export interface Settings {
  /** Measured seconds per target per round (BENCH_SECONDS, default 5). */
  seconds: number
  /** Measured rounds; every other round runs the targets in reverse order (BENCH_ROUNDS, default 2). */
  rounds: number
  /** Unmeasured load per target before the first round, so the JIT has settled (BENCH_WARMUP_SECONDS, default 2). */
  warmupSeconds: number
  /** Keep-alive connections the load generator holds open, one request in flight on each (BENCH_CONNECTIONS, default 32). */
  connections: number
  /** When set, each target process writes a V8 CPU profile there (node --cpu-prof) for reading in Chrome DevTools. */
  cpuProfileDir: string | undefined
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}".`)
  return value
}

export function readSettings(): Settings {
  return {
    seconds: positiveNumber('BENCH_SECONDS', 5),
    rounds: Math.round(positiveNumber('BENCH_ROUNDS', 2)),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 2),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 32)),
    cpuProfileDir: process.env.BENCH_CPU_PROFILE_DIR?.trim() || undefined,
  }
}

export function describeMachine(): string {
  const cpus = os.cpus()
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}`
}

/** A warning when other work is keeping the cores busy: the figures will be noisy and low. */
export function busyMachineWarning(): string | undefined {
  const cores = os.cpus().length
  const [oneMinute = 0] = os.loadavg()
  if (oneMinute < cores * 0.5) return undefined
  return (
    `WARNING: load average ${oneMinute.toFixed(1)} on ${cores} cores before starting: other processes are busy, ` +
    'so expect noisy figures (see "± rounds"); ratios within one run stay comparable, absolute req/s do not.'
  )
}
