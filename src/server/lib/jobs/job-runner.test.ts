import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { type Job, type JobRunner, startJobRunner } from './job-runner'

// The runner with real timers and small intervals: what matters is the order of events (no overlap,
// nothing after stop), not exact times. A job's work waits on a gate the test opens, and the test
// waits for conditions, so a slow, loaded machine changes how long a test takes, not what it sees.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once `check` holds; fails after a generous deadline with what it was waiting for. */
async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(2)
  }
}

function captureLogs() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      callback()
    },
  })
  return { lines, logger: createLogger({ level: 'debug', destination: stream }) }
}

/** A gate that work waits behind until the test opens it; once open it stays open. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** A job that records its runs, when each started, and how many were in flight at once. */
function trackedJob(
  name: string,
  everyMs: number,
  work: Promise<void> = Promise.resolve(),
  extra: Partial<Job> = {},
) {
  const state = { runs: 0, active: 0, maxActive: 0, signals: [] as AbortSignal[], startedAt: [] as number[] }
  const job: Job = {
    name,
    everyMs,
    async run(signal) {
      state.runs++
      state.active++
      state.maxActive = Math.max(state.maxActive, state.active)
      state.signals.push(signal)
      state.startedAt.push(performance.now())
      try {
        await work
      } finally {
        state.active--
      }
      return { done: 1 }
    },
    ...extra,
  }
  return { job, state }
}

let runners: JobRunner[] = []
function start(...args: Parameters<typeof startJobRunner>) {
  const runner = startJobRunner(...args)
  runners.push(runner)
  return runner
}
afterEach(async () => {
  await Promise.all(runners.map((r) => r.stop()))
  runners = []
})

describe('startJobRunner', () => {
  it('runs each job again and again, at its own interval', async () => {
    const { logger } = captureLogs()
    const fast = trackedJob('fast', 10)
    const slow = trackedJob('slow', 60_000)
    start({ jobs: [fast.job, slow.job], logger })
    await until(() => fast.state.runs >= 3, 'three runs of the fast job')
    expect(slow.state.runs).toBe(1) // its first run is at start (no start delay, no jitter)
  })

  it('never overlaps a slow job with itself, neither on schedule nor through runNow', async () => {
    const { logger } = captureLogs()
    const work = gate()
    const slow = trackedJob('slow', 1, work.opened)
    const runner = start({ jobs: [slow.job], logger })
    await until(() => slow.state.active === 1, 'the first run to start')
    const joined = [runner.runNow('slow'), runner.runNow('slow'), runner.runNow('slow')]
    await sleep(20) // the schedule (every 1 ms) and the three calls had their chance to start a second run
    expect(slow.state.runs).toBe(1)
    work.open()
    await Promise.all(joined)
    expect(slow.state.runs).toBe(1)
    await until(() => slow.state.runs >= 3, 'later runs on schedule')
    expect(slow.state.maxActive).toBe(1)
  })

  it('logs a failed run without throwing, and runs the job again at its next turn', async () => {
    const { lines, logger } = captureLogs()
    let calls = 0
    const job: Job = {
      name: 'flaky',
      everyMs: 5,
      async run() {
        calls++
        if (calls === 1) throw new Error('database hiccup')
        return { deleted: 2 }
      },
    }
    const runner = start({ jobs: [job], logger })
    await expect(runner.runNow('flaky')).resolves.toBeUndefined()
    await until(() => lines.some((l) => l.job === 'flaky' && l.deleted === 2), 'a later run to succeed')
    expect(calls).toBeGreaterThanOrEqual(2)
    const failed = lines.find((l) => l.msg === 'job failed; it runs again at its next turn')
    expect(failed).toMatchObject({ level: 'error', job: 'flaky', err: { message: 'database hiccup' } })
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', job: 'flaky', deleted: 2 }))
  })

  it('logs a run that did nothing at debug only', async () => {
    const { lines, logger } = captureLogs()
    const job: Job = { name: 'idle', everyMs: 10_000, run: async () => ({ deleted: 0 }) }
    const runner = start({ jobs: [job], logger, startDelayMs: 10_000 })
    await runner.runNow('idle')
    expect(lines.filter((l) => l.job === 'idle')).toEqual([
      expect.objectContaining({ level: 'debug', job: 'idle', deleted: 0, msg: 'job done' }),
    ])
  })

  it('stops cleanly: aborts the signal, waits for the run in flight, then runs nothing more', async () => {
    const { lines, logger } = captureLogs()
    const work = gate()
    const slow = trackedJob('slow', 1, work.opened)
    const runner = start({ jobs: [slow.job], logger })
    await until(() => slow.state.active === 1, 'the first run to start')

    const stopped = runner.stop()
    expect(slow.state.signals[0]!.aborted).toBe(true)
    let done = false
    void stopped.then(() => {
      done = true
    })
    await sleep(10)
    expect(done).toBe(false) // still waiting for the run in flight, whose work has not been let through
    work.open()
    await stopped
    expect(slow.state.active).toBe(0)
    expect(lines.map((l) => l.msg)).toEqual(['periodic jobs started', 'job done', 'periodic jobs stopped'])

    const runs = slow.state.runs
    await sleep(60)
    expect(slow.state.runs).toBe(runs)
    await runner.runNow('slow')
    expect(slow.state.runs).toBe(runs)
    await runner.stop() // again: harmless
  })

  it('waits the start delay plus jitter before a first run', async () => {
    const { logger } = captureLogs()
    const late = trackedJob('late', 60_000, undefined, { jitterMs: 1000 })
    const soon = trackedJob('soon', 60_000, undefined, { jitterMs: 1000 })
    const startedAt = performance.now()
    start({ jobs: [late.job], logger, startDelayMs: 20, random: () => 0.3 }) // 20 + 300 ms
    start({ jobs: [soon.job], logger, startDelayMs: 20, random: () => 0 }) // 20 ms
    await until(() => late.state.runs === 1 && soon.state.runs === 1, 'both first runs')
    // Timers never fire early (a loaded machine only makes them late), so the lower bounds are exact;
    // 2 ms allow for the clocks' rounding.
    expect(soon.state.startedAt[0]! - startedAt).toBeGreaterThanOrEqual(18)
    expect(late.state.startedAt[0]! - startedAt).toBeGreaterThanOrEqual(318)
    expect(late.state.startedAt[0]!).toBeGreaterThan(soon.state.startedAt[0]!)
  })

  it('refuses jobs it could not run as asked', () => {
    const { logger } = captureLogs()
    const ok = trackedJob('a', 10).job
    expect(() => startJobRunner({ jobs: [ok, ok], logger })).toThrow('two jobs are named a')
    expect(() => startJobRunner({ jobs: [{ ...ok, everyMs: 0 }], logger })).toThrow('everyMs')
    expect(() => startJobRunner({ jobs: [{ ...ok, jitterMs: -1 }], logger })).toThrow('jitterMs')
    expect(() => startJobRunner({ jobs: [{ ...ok, everyMs: 30 * 24 * 3600_000 }], logger })).toThrow(
      '24 days',
    )
    const runner = start({ jobs: [ok], logger, startDelayMs: 10_000 })
    expect(() => runner.runNow('nope')).toThrow('no job named nope')
  })
})
