import fs from 'node:fs'
import os from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'

// Every few seconds, what Linux says of each server process: its resident memory in MB of 10^6 bytes (VmRSS in
// /proc/<pid>/status), its open files (entries of /proc/<pid>/fd) and the CPU it used since the sample
// before (utime + stime in /proc/<pid>/stat, all its threads); beside them the whole machine's busy
// share (/proc/stat), PostgreSQL's processes' CPU when it runs on this machine, the generator's own
// CPU and event-loop delay (each operation's time is measured on that loop, so its delay is in every
// figure) and the load average.

const TICK_MS = 1000 / 100 // USER_HZ: clock ticks of /proc/<pid>/stat

export interface Watched {
  label: string
  pid: number
  /** Whether its RSS and open files count toward the goals (the Depot processes). */
  isDepot: boolean
}

export interface ProcessSample {
  rssMB: number
  /** The anonymous part of RSS (heaps, SQLite's page caches) and the file-backed part (mapped files). */
  anonMB: number
  fileMB: number
  fds: number
  /** CPU since the sample before, as a share of one core (1 = a whole core). */
  cpu: number
}

export interface Sample {
  /** Seconds since measuring began (negative in the warm-up). */
  at: number
  processes: ProcessSample[]
  /** The machine's busy share of all its cores since the sample before (0–1). */
  machine: number
  /** The share of all its cores idle while waiting for the disk (iowait) since the sample before. */
  iowait: number
  /**
   * The share of all its cores a hypervisor gave to others while this machine wanted them (steal),
   * since the sample before; counted in `machine` too. On a shared host it moves every figure.
   */
  steal: number
  /**
   * CPU of the processes named `postgres` (its backends, vacuum, WAL writer…) since the sample before,
   * as a share of one core: those alive at both samples by what they used in between, one started in
   * between by all it used; one that ended in between is not counted. NaN when not asked for.
   */
  postgres: number
  /** The generator's CPU since the sample before, as a share of one core. */
  generator: number
  /** The generator's event-loop delay since the sample before: its 99th percentile and longest, ms. */
  generatorDelayP99: number
  generatorDelayMax: number
  load1: number
}

function memoryMB(pid: number): { rssMB: number; anonMB: number; fileMB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (field: string) => {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]
    return kb ? (Number(kb) * 1024) / 1e6 : Number.NaN
  }
  return { rssMB: mb('VmRSS'), anonMB: mb('RssAnon'), fileMB: mb('RssFile') }
}

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

function openFiles(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length
}

type MachineTicks = { busy: number; iowait: number; steal: number; total: number }

/** The machine's busy and total jiffies over all cores (the first line of /proc/stat). */
function machineTicks(): MachineTicks {
  const parts = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = parts.reduce((a, b) => a + b, 0)
  const idle = (parts[3] ?? 0) + (parts[4] ?? 0)
  return { busy: total - idle, iowait: parts[4] ?? 0, steal: parts[7] ?? 0, total }
}

/** CPU used so far by each process named `postgres`, by pid. */
function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    const cpu = safe(() => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres' ? cpuMs(pid) : undefined
    }, undefined)
    if (cpu !== undefined) used.set(pid, cpu)
  }
  return used
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}

export class ProcSampler {
  readonly samples: Sample[] = []
  private last: {
    wall: number
    cpu: number[]
    machine: MachineTicks
    postgres: Map<number, number> | undefined
    generator: number
  }
  private timer: NodeJS.Timeout | undefined
  private origin = performance.now()
  private readonly delay = monitorEventLoopDelay({ resolution: 5 })

  /** `postgres`: also sample the CPU of this machine's PostgreSQL (the setup runs on it). */
  constructor(
    readonly watched: Watched[],
    private readonly options: { postgres: boolean } = { postgres: false },
  ) {
    this.last = this.read()
    this.delay.enable()
  }

  private read() {
    const usage = process.cpuUsage()
    return {
      wall: performance.now(),
      cpu: this.watched.map((w) => safe(() => cpuMs(w.pid), Number.NaN)),
      machine: machineTicks(),
      postgres: this.options.postgres ? postgresCpu() : undefined,
      generator: (usage.user + usage.system) / 1000,
    }
  }

  /** Takes a sample now (CPU over the time since the one before). */
  sample(): Sample {
    const now = this.read()
    const wallMs = now.wall - this.last.wall
    const sample: Sample = {
      at: Math.round((now.wall - this.origin) / 1000),
      processes: this.watched.map((w, i) => ({
        ...safe(() => memoryMB(w.pid), { rssMB: Number.NaN, anonMB: Number.NaN, fileMB: Number.NaN }),
        fds: safe(() => openFiles(w.pid), Number.NaN),
        cpu: (now.cpu[i]! - this.last.cpu[i]!) / wallMs,
      })),
      machine:
        (now.machine.busy - this.last.machine.busy) /
        Math.max(1, now.machine.total - this.last.machine.total),
      iowait:
        (now.machine.iowait - this.last.machine.iowait) /
        Math.max(1, now.machine.total - this.last.machine.total),
      steal:
        (now.machine.steal - this.last.machine.steal) /
        Math.max(1, now.machine.total - this.last.machine.total),
      postgres: postgresShare(this.last.postgres, now.postgres, wallMs),
      generator: (now.generator - this.last.generator) / wallMs,
      generatorDelayP99: this.delay.percentile(99) / 1e6,
      generatorDelayMax: this.delay.max / 1e6,
      load1: os.loadavg()[0] ?? Number.NaN,
    }
    this.last = now
    this.delay.reset()
    this.samples.push(sample)
    return sample
  }

  /** Samples now (the baseline, CPU over the warm-up) and every `seconds` on, times counted from now. */
  start(seconds: number): void {
    this.origin = performance.now()
    this.sample()
    this.timer = setInterval(() => this.sample(), seconds * 1000)
  }

  stop(): void {
    clearInterval(this.timer)
    this.delay.disable()
  }
}

function postgresShare(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
  wallMs: number,
): number {
  if (!before || !after) return Number.NaN
  let used = 0
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0)
  return used / wallMs
}
