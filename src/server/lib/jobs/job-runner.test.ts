import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { type Job, type JobRunner, startJobRunner } from './job-runner'

// The runner with real timers and small intervals: what matters is the order of events (no overlap,
// nothing after stop), not exact times.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

/** A job that records its runs and how many were in flight at once. */
function trackedJob(name: string, everyMs: number, workMs: number, extra: Partial<Job> = {}) {
  const state = { runs: 0, active: 0, maxActive: 0, signals: [] as AbortSignal[] }
  const job: Job = {
    name,
    everyMs,
    async run(signal) {
      state.runs++
      state.active++
      state.maxActive = Math.max(state.maxActive, state.active)
      state.signals.push(signal)
      try {
        await sleep(workMs)
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
    const fast = trackedJob('fast', 10, 0)
    const slow = trackedJob('slow', 10_000, 0)
    start({ jobs: [fast.job, slow.job], logger })
    await sleep(200)
    expect(fast.state.runs).toBeGreaterThanOrEqual(3)
    expect(slow.state.runs).toBe(1) // its first run is at start (no start delay, no jitter)
  })

  it('never overlaps a slow job with itself, neither on schedule nor through runNow', async () => {
    const { logger } = captureLogs()
    const slow = trackedJob('slow', 1, 100)
    const runner = start({ jobs: [slow.job], logger })
    await sleep(5) // the first run is under way
    const joined = [runner.runNow('slow'), runner.runNow('slow'), runner.runNow('slow')]
    await Promise.all(joined)
    expect(slow.state.runs).toBe(1)
    await sleep(250)
    expect(slow.state.runs).toBeGreaterThanOrEqual(2)
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
    await sleep(60)
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
    const slow = trackedJob('slow', 1, 200)
    const runner = start({ jobs: [slow.job], logger })
    await sleep(5)
    expect(slow.state.active).toBe(1)

    const stopped = runner.stop()
    expect(slow.state.signals[0]!.aborted).toBe(true)
    let done = false
    void stopped.then(() => {
      done = true
    })
    await sleep(10)
    expect(done).toBe(false) // still waiting for the run in flight
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
    const late = trackedJob('late', 10_000, 0, { jitterMs: 1000 })
    const soon = trackedJob('soon', 10_000, 0, { jitterMs: 1000 })
    start({ jobs: [late.job], logger, startDelayMs: 20, random: () => 0.3 }) // 20 + 300 ms
    start({ jobs: [soon.job], logger, startDelayMs: 20, random: () => 0 }) // 20 ms
    await sleep(150)
    expect(soon.state.runs).toBe(1)
    expect(late.state.runs).toBe(0)
    await sleep(450)
    expect(late.state.runs).toBe(1)
  })

  it('refuses jobs it could not run as asked', () => {
    const { logger } = captureLogs()
    const ok = trackedJob('a', 10, 0).job
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
