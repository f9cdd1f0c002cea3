// The load benchmark's settings, from the environment like every bench (bench/README.md, "Many users
// at once"): how long, how many of each kind of client, and how long each waits between two actions.

export interface LoadSettings {
  /** Measured seconds (BENCH_LOAD_SECONDS, default 600). */
  seconds: number
  /** Unmeasured seconds of the same load first, so the JIT, caches and pools have settled. */
  warmupSeconds: number
  /** Signed-in users, each in its own loop (BENCH_LOAD_USERS, default 50). */
  users: number
  /** Anonymous shop visitors (BENCH_LOAD_VISITORS, default 20). */
  visitors: number
  /** A user's or visitor's pause between two actions, in ms: people read what they asked for. */
  thinkMs: number
  /** The staff member's pause between two exports, in ms. */
  exportPauseMs: number
  /** Seconds between two samples of the servers' RSS, open files and CPU. */
  sampleSeconds: number
  /**
   * The scale benchmark's seed under the load, by its files (BENCH_LOAD_FILES, default 0: none): 1M
   * files, 100k customers, 1M quote requests and 200k orders beside the load's own people and folders.
   */
  files: number
  /** The generator's nice value while the load runs (BENCH_LOAD_GENERATOR_NICE, default -10). */
  generatorNice: number
}

function number(name: string, fallback: number, min = 0, max = Number.POSITIVE_INFINITY): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, not "${raw}".`)
  return value
}

export function readLoadSettings(): LoadSettings {
  const seconds = number('BENCH_LOAD_SECONDS', 600, 1)
  return {
    seconds,
    // A tenth of the run, between 5 and 60 s, unless set.
    warmupSeconds: number('BENCH_LOAD_WARMUP_SECONDS', Math.min(60, Math.max(5, Math.round(seconds / 10)))),
    users: Math.round(number('BENCH_LOAD_USERS', 50, 1)),
    visitors: Math.round(number('BENCH_LOAD_VISITORS', 20)),
    thinkMs: number('BENCH_LOAD_THINK_MS', 1000),
    exportPauseMs: number('BENCH_LOAD_EXPORT_PAUSE_MS', 1000),
    sampleSeconds: number('BENCH_LOAD_SAMPLE_SECONDS', 10, 1),
    files: Math.round(number('BENCH_LOAD_FILES', 0)),
    generatorNice: Math.round(number('BENCH_LOAD_GENERATOR_NICE', -10, -20, 0)),
  }
}
