import type { Logger } from '../logger'
import type { JobLeases } from './job-leases'

// A small periodic job runner, in process, in every instance (no leader, no queue): each job runs
// again `everyMs` after its previous run *ended*, plus a random jitter, so a job never overlaps itself
// and instances started together drift apart. With leases (job-leases.ts) a turn first takes the job's
// lease in the database (kept every half interval while the run goes on) and is skipped while another
// instance holds it, so one instance does each run's work. A failing run is logged and the job runs
// again at its next turn. Jobs must still be safe to run on two instances at once (e.g. an idempotent
// delete): an instance that stalls longer than the interval loses its lease to another.

/** Counts a run reports, e.g. `{ deleted: 3 }`: logged at info when any is non-zero, else at debug. */
export type JobSummary = Record<string, number>

export interface Job {
  /** Names the job in logs and for runNow(); unique within a runner. */
  name: string
  /** The wait between the end of one run and the start of the next, before jitter. */
  everyMs: number
  /** Up to this much is added at random to every wait, the first one included. */
  jitterMs?: number
  /** One run. `signal` aborts on stop(): a long job should stop between steps. */
  run(signal: AbortSignal): Promise<JobSummary | undefined>
}

/** How a turn ended: the job ran, threw, or was left to the instance holding its lease. */
export type JobOutcome = 'done' | 'failed' | 'skipped'

export interface JobRunnerOptions {
  jobs: readonly Job[]
  logger: Logger
  /** Shared with the other instances: one of them runs each turn. Without it, every runner runs. */
  leases?: JobLeases
  /** Told after every turn (for metrics). */
  observe?: (turn: { job: string; outcome: JobOutcome; seconds: number }) => void
  /** The wait before each job's first run (plus its jitter). Default 0. */
  startDelayMs?: number
  /** A number in [0, 1) for the jitter; tests pin it. */
  random?: () => number
}

export interface JobRunner {
  /**
   * Runs a job now, or joins its run in flight (never a second one at once); the next scheduled run
   * follows from this one's end. Never rejects; throws at once for a name not in the list.
   */
  runNow(name: string): Promise<void>
  /** Stops scheduling, aborts the runs' signals and waits for runs in flight. Idempotent. */
  stop(): Promise<void>
}

/** setTimeout's longest wait; it fires at once (with a warning) for longer ones. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1

interface Slot {
  job: Job
  timer: NodeJS.Timeout | undefined
  running: Promise<void> | undefined
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { logger } = options
  const random = options.random ?? Math.random
  const abort = new AbortController()
  const slots = slotsFor(options.jobs)
  const turn: TurnContext = { logger, leases: options.leases, signal: abort.signal, observe: options.observe }

  let stopped: Promise<void> = Promise.resolve()
  const jitter = (job: Job) => Math.floor(random() * (job.jitterMs ?? 0))

  function schedule(slot: Slot, delayMs: number): void {
    if (abort.signal.aborted) return
    clearTimeout(slot.timer)
    slot.timer = setTimeout(() => void run(slot), delayMs)
    slot.timer.unref() // never keeps the process alive on its own
  }

  function run(slot: Slot): Promise<void> {
    if (slot.running) return slot.running
    if (abort.signal.aborted) return Promise.resolve()
    clearTimeout(slot.timer)
    slot.timer = undefined
    slot.running = (async () => {
      await runTurn(slot.job, turn)
      slot.running = undefined
      schedule(slot, slot.job.everyMs + jitter(slot.job))
    })()
    return slot.running
  }

  for (const slot of slots.values()) schedule(slot, (options.startDelayMs ?? 0) + jitter(slot.job))
  logger.info(
    {
      jobs: options.jobs.map((job) => ({
        name: job.name,
        everyMs: job.everyMs,
        jitterMs: job.jitterMs ?? 0,
      })),
    },
    'periodic jobs started',
  )

  return {
    runNow(name) {
      const slot = slots.get(name)
      if (!slot) throw new RangeError(`no job named ${name}`)
      return run(slot)
    },
    async stop() {
      if (abort.signal.aborted) return stopped
      abort.abort()
      const inFlight: Promise<void>[] = []
      for (const slot of slots.values()) {
        clearTimeout(slot.timer)
        slot.timer = undefined
        if (slot.running) inFlight.push(slot.running)
      }
      stopped = Promise.all(inFlight).then(() => logger.info('periodic jobs stopped')) // runs never reject
      return stopped
    },
  }
}

/** One slot per job, by name; refuses a malformed job or two jobs of one name. */
function slotsFor(jobs: readonly Job[]): Map<string, Slot> {
  const slots = new Map<string, Slot>()
  for (const job of jobs) {
    checkJob(job)
    if (slots.has(job.name)) throw new RangeError(`two jobs are named ${job.name}`)
    slots.set(job.name, { job, timer: undefined, running: undefined })
  }
  return slots
}

interface TurnContext {
  logger: Logger
  leases: JobLeases | undefined
  /** Aborts on stop(): handed to the job's run. */
  signal: AbortSignal
  observe: JobRunnerOptions['observe']
}

/**
 * One turn of a job: take its lease (or skip the turn), run it while keeping the lease, log how it
 * went, settle the lease and tell the observer. A failing run is logged, not thrown.
 */
async function runTurn(job: Job, { logger, leases, signal, observe }: TurnContext): Promise<void> {
  const started = performance.now()
  let outcome: JobOutcome = 'failed'
  let keeper: LeaseKeeper | undefined
  try {
    if (leases && !(await leases.acquire(job.name, job.everyMs))) {
      outcome = 'skipped'
      logger.debug({ job: job.name }, 'job skipped: another instance holds its lease')
      return
    }
    if (leases) keeper = keepLease(leases, job, logger)
    const summary = await job.run(signal)
    outcome = 'done'
    const ms = Math.round(performance.now() - started)
    const didWork = summary !== undefined && Object.values(summary).some((n) => n !== 0)
    logger[didWork ? 'info' : 'debug']({ job: job.name, ms, ...summary }, 'job done')
  } catch (error) {
    logger.error({ job: job.name, err: error }, 'job failed; it runs again at its next turn')
  } finally {
    await keeper?.stop() // so a keep still under way cannot land after the settling below
    if (leases && outcome !== 'skipped') await settleLease(leases, job, outcome, logger)
    observe?.({ job: job.name, outcome, seconds: (performance.now() - started) / 1000 })
  }
}

interface LeaseKeeper {
  /** Stops keeping the lease; resolves once a keep under way has landed. */
  stop(): Promise<void>
}

/** Keeps the job's lease every half interval while its run goes on. */
function keepLease(leases: JobLeases, job: Job, logger: Logger): LeaseKeeper {
  let kept: Promise<void> = Promise.resolve()
  const keeping = setInterval(
    () => {
      kept = leases.keep(job.name, job.everyMs).catch((error: unknown) => {
        logger.warn({ job: job.name, err: error }, 'job lease could not be kept')
      })
    },
    Math.ceil(job.everyMs / 2),
  )
  keeping.unref()
  return {
    stop() {
      clearInterval(keeping)
      return kept
    },
  }
}

/** After a run: a done job keeps its lease an interval from now, a failed one gives it back. */
async function settleLease(leases: JobLeases, job: Job, outcome: JobOutcome, logger: Logger): Promise<void> {
  const settled = outcome === 'done' ? leases.keep(job.name, job.everyMs) : leases.release(job.name)
  await settled.catch((error: unknown) => {
    logger.warn({ job: job.name, err: error }, 'job lease could not be updated; it expires by itself')
  })
}

function checkJob(job: Job): void {
  if (!job.name) throw new RangeError('a job needs a name')
  if (!Number.isInteger(job.everyMs) || job.everyMs < 1) {
    throw new RangeError(`job ${job.name}: everyMs must be an integer ≥ 1`)
  }
  if (job.jitterMs !== undefined && (!Number.isInteger(job.jitterMs) || job.jitterMs < 0)) {
    throw new RangeError(`job ${job.name}: jitterMs must be an integer ≥ 0`)
  }
  if (job.everyMs + (job.jitterMs ?? 0) > MAX_TIMEOUT_MS) {
    throw new RangeError(`job ${job.name}: everyMs + jitterMs must be at most ${MAX_TIMEOUT_MS} (~24 days)`)
  }
}
