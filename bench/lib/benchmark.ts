import { loadAverage } from './goal-rows'
import { runLoad } from './load'
import type { Settings } from './settings'
import { halfSpread, percentile, sortNumbers } from './stats'
import { formatFixed, formatInteger, formatPercent, formatTable } from './table'
import { startTarget, type TargetDef, type TargetProcess } from './target-process'

/**
 * A benchmark: a few servers answering the same request, measured under the same load in one run,
 * and reported against one of them (the baseline). It prints figures and ratios; it asserts nothing.
 */
export interface Benchmark {
  /** Kebab-case, also what `npm run bench -- <filter>` matches. */
  name: string
  /** One line: what is measured. */
  description: string
  targets: readonly TargetDef[]
  /** The id of the target the others are compared with. */
  baseline: string
  /** Lines printed under the table: how to read it. */
  notes?: readonly string[]
  /** The goal a target's req/s ratio to the baseline should reach; printed as met or missed. */
  goal?: {
    target: string
    /** Its req/s should be at least this share of the baseline's. */
    minRatio?: number
    /** Its p99 latency should stay under this. */
    maxP99Ms?: number
  }
}

interface Measurement {
  requests: number
  errors: number
  durationMs: number
  serverCpuMicros: number
  generatorCpuShare: number
  responseBytes: number
}

export interface TargetFigures {
  def: TargetDef
  requestsPerSecond: number
  roundRates: number[]
  p50: number
  p99: number
  cpuMicrosPerRequest: number
  responseBytes: number
  errors: number
}

const PAUSE_MS = 250
const GENERATOR_SATURATED = 0.9

export interface BenchmarkResult {
  ok: boolean
  /** Every target's figures, in the benchmark's order. */
  figures: TargetFigures[]
  baseline: TargetFigures
  /** The load average when the measurements ended. */
  load: string
}

export async function runBenchmark(benchmark: Benchmark, settings: Settings): Promise<BenchmarkResult> {
  const baselineDef = benchmark.targets.find((t) => t.id === benchmark.baseline)
  if (!baselineDef)
    throw new Error(`${benchmark.name}: no target with the baseline id "${benchmark.baseline}"`)
  const rounds = settings.rounds
  console.log(`\n## ${benchmark.name}: ${benchmark.description}`)
  console.log(
    `   ${settings.connections} keep-alive connections, ${settings.warmupSeconds} s warm-up, then ` +
      `${rounds} round(s) × ${settings.seconds} s per target (order reversed every other round)`,
  )
  console.log(`   load average before: ${loadAverage()}\n`)

  const running: TargetProcess[] = []
  const measurements = new Map<string, Measurement[]>()
  const latencies = new Map<string, number[]>()
  let generatorSaturated = false
  try {
    // One at a time, so start-up work (migrations, JIT) does not compete.
    for (const def of benchmark.targets) running.push(await startTarget(def, settings))

    for (const target of running) {
      const warm = await runLoad({ ...loadFor(target, settings), durationMs: settings.warmupSeconds * 1000 })
      if (warm.requests === 0 || warm.errors > 0)
        throw new Error(
          `${target.def.label}: GET ${target.def.path} failed during warm-up ` +
            `(${warm.errors} errors in ${warm.requests} responses); fix the target before measuring it.`,
        )
      await pause()
    }

    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? running : [...running].reverse()
      for (const target of order) {
        const cpuBefore = await target.cpuMicros()
        const result = await runLoad({ ...loadFor(target, settings), durationMs: settings.seconds * 1000 })
        const cpuAfter = await target.cpuMicros()
        const measurement: Measurement = { ...result, serverCpuMicros: cpuAfter - cpuBefore }
        listFor(measurements, target.def.id).push(measurement)
        const all = listFor(latencies, target.def.id)
        for (const ms of result.latenciesMs) all.push(ms)
        if (result.generatorCpuShare > GENERATOR_SATURATED) generatorSaturated = true
        console.log(
          `   round ${round + 1}  ${target.def.label.padEnd(40)} ${formatInteger(rate(measurement)).padStart(8)} req/s` +
            `   server CPU ${formatPercent(measurement.serverCpuMicros / 1000 / measurement.durationMs)}` +
            `   generator CPU ${formatPercent(result.generatorCpuShare)}` +
            (result.errors > 0 ? `   ${result.errors} errors` : ''),
        )
        await pause()
      }
    }
  } finally {
    await Promise.all(running.map((t) => t.stop()))
  }

  const figures = benchmark.targets.map((def) =>
    summarise(def, measurements.get(def.id) ?? [], latencies.get(def.id) ?? []),
  )
  const base = figures.find((f) => f.def.id === benchmark.baseline)!
  const load = loadAverage()
  console.log(`\n   load average after: ${load}`)
  console.log(
    formatTable(
      [
        'target',
        'req/s',
        '± rounds',
        'p50 ms',
        'p99 ms',
        'CPU µs/req',
        'resp B',
        'errors',
        `req/s ÷ ${base.def.id}`,
        `CPU/req ÷ ${base.def.id}`,
      ],
      figures.map((f) => [
        f.def.label,
        formatInteger(f.requestsPerSecond),
        formatPercent(halfSpread(f.roundRates)),
        formatFixed(f.p50, 2),
        formatFixed(f.p99, 2),
        formatFixed(f.cpuMicrosPerRequest, 1),
        String(f.responseBytes),
        String(f.errors),
        formatFixed(f.requestsPerSecond / base.requestsPerSecond, 2),
        formatFixed(f.cpuMicrosPerRequest / base.cpuMicrosPerRequest, 2),
      ]),
    ),
  )
  for (const note of benchmark.notes ?? []) console.log(`   ${note}`)
  const goal = benchmark.goal
  const goalFigures = goal && figures.find((f) => f.def.id === goal.target)
  if (goal && goalFigures) {
    const ratio = goalFigures.requestsPerSecond / base.requestsPerSecond
    if (goal.minRatio !== undefined)
      console.log(
        `   goal: ${goal.target} ≥ ${goal.minRatio}× ${base.def.id} req/s → ${formatFixed(ratio, 2)}×, ` +
          (ratio >= goal.minRatio ? 'met' : 'MISSED'),
      )
    if (goal.maxP99Ms !== undefined)
      console.log(
        `   goal: ${goal.target} p99 < ${goal.maxP99Ms} ms → ${formatFixed(goalFigures.p99, 2)} ms, ` +
          (goalFigures.p99 < goal.maxP99Ms ? 'met' : 'MISSED'),
      )
  }
  if (generatorSaturated)
    console.log(
      '   WARNING: the load generator used over 90% of a core in some measurement, so req/s may be capped by it;\n' +
        '   compare the CPU µs/req column instead, which does not depend on the generator.',
    )
  const errors = figures.reduce((sum, f) => sum + f.errors, 0)
  if (errors > 0) console.log(`   ${errors} requests failed: these figures are not meaningful.`)
  return { ok: errors === 0, figures, baseline: base, load }
}

function loadFor(target: TargetProcess, settings: Settings) {
  return {
    port: target.port,
    path: target.def.path,
    connections: settings.connections,
    headers: target.headers,
  }
}

function summarise(def: TargetDef, measured: readonly Measurement[], latenciesMs: number[]): TargetFigures {
  const requests = measured.reduce((sum, m) => sum + m.requests, 0)
  const durationMs = measured.reduce((sum, m) => sum + m.durationMs, 0)
  const cpuMicros = measured.reduce((sum, m) => sum + m.serverCpuMicros, 0)
  const sorted = sortNumbers(latenciesMs)
  return {
    def,
    requestsPerSecond: (requests / durationMs) * 1000,
    roundRates: measured.map(rate),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    cpuMicrosPerRequest: cpuMicros / requests,
    responseBytes: measured.at(-1)?.responseBytes ?? 0,
    errors: measured.reduce((sum, m) => sum + m.errors, 0),
  }
}

const rate = (m: Measurement) => (m.requests / m.durationMs) * 1000
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS))

function listFor<T>(map: Map<string, T[]>, key: string): T[] {
  const list = map.get(key) ?? []
  map.set(key, list)
  return list
}
