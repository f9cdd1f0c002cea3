import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { databaseJobLeases } from '../../src/server/lib/jobs/job-leases'
import { type Job, type JobOutcome, startJobRunner } from '../../src/server/lib/jobs/job-runner'
import { createLogger } from '../../src/server/lib/logger'
import { createTestApp, type TestApp } from '../support/test-app'

// Two instances on one database (two apps, each with its own connection or pool), each with its own job
// runner and holder id, scheduling the same jobs: each turn's work is done once, by whoever takes the
// job's lease; an expired lease is taken over; a failed run gives its lease back.

const HOUR = 3_600_000
const quietLogger = () =>
  createLogger({ level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) })

async function twoInstances() {
  const first = await createTestApp()
  const second = await createTestApp({ sharedDatabase: first.testDb })
  return [first, second] as const
}

function runnerFor(t: TestApp, holder: string, jobs: Job[], turns: { job: string; outcome: JobOutcome }[]) {
  const runner = startJobRunner({
    jobs,
    logger: quietLogger(),
    startDelayMs: 10 * HOUR, // only runNow() in these tests
    leases: databaseJobLeases(t.database.db, holder, () => t.clock.now),
    observe: (turn) => turns.push({ job: turn.job, outcome: turn.outcome }),
  })
  return runner
}

describe('job leases across instances', () => {
  it('runs each turn once when both instances tick together, and again once per interval', async () => {
    const [a, b] = await twoInstances()
    let work = 0
    const job: Job = {
      name: 'count',
      everyMs: HOUR,
      async run() {
        work++
        await new Promise((r) => setTimeout(r, 20))
        return { done: 1 }
      },
    }
    const turns: { job: string; outcome: JobOutcome }[] = []
    const runA = runnerFor(a, 'instance-a', [job], turns)
    const runB = runnerFor(b, 'instance-b', [job], turns)
    try {
      await Promise.all([runA.runNow('count'), runB.runNow('count')])
      expect(work).toBe(1)
      expect(turns.map((t) => t.outcome).sort()).toEqual(['done', 'skipped'])
      const holder = (await a.database.db.selectFrom('job_leases').selectAll().executeTakeFirstOrThrow())
        .holder

      // Within the interval the other instance keeps skipping.
      const other = holder === 'instance-a' ? runB : runA
      await other.runNow('count')
      expect(work).toBe(1)

      // Once the interval has passed, whichever instance ticks first does the next run, once.
      a.clock.advance(HOUR + 1000)
      b.clock.advance(HOUR + 1000)
      await Promise.all([runA.runNow('count'), runB.runNow('count')])
      expect(work).toBe(2)
      expect(turns.filter((t) => t.outcome === 'done')).toHaveLength(2)
      expect(turns.filter((t) => t.outcome === 'skipped')).toHaveLength(3)
    } finally {
      await Promise.all([runA.stop(), runB.stop()])
    }
  })

  it('keeps the lease while a run outlasts its interval, so no other instance starts one meanwhile', async () => {
    const [a, b] = await twoInstances()
    let started = 0
    let finish = () => {}
    const job: Job = {
      name: 'long',
      everyMs: 400,
      async run() {
        started++
        await new Promise<void>((resolve) => {
          finish = resolve
        })
        return { done: 1 }
      },
    }
    const turns: { job: string; outcome: JobOutcome }[] = []
    const runA = runnerFor(a, 'instance-a', [job], turns)
    const runB = runnerFor(b, 'instance-b', [job], turns)
    try {
      const running = runA.runNow('long')
      const lease = () => a.database.db.selectFrom('job_leases').selectAll().executeTakeFirst()
      for (let i = 0; i < 200 && started === 0; i++) await new Promise((r) => setTimeout(r, 10))
      expect(started).toBe(1)
      // Past the lease's first end by the clock; the runner keeps it every half interval.
      a.clock.advance(1000)
      b.clock.advance(1000)
      for (let i = 0; i < 300; i++) {
        const row = await lease()
        if (row && Date.parse(row.expires_at) > a.clock.now.getTime()) break
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(Date.parse((await lease())!.expires_at)).toBe(a.clock.now.getTime() + 400)
      await runB.runNow('long')
      expect(started).toBe(1)
      finish()
      await running
      expect(turns.map((t) => `${t.job}:${t.outcome}`)).toEqual(['long:skipped', 'long:done'])
    } finally {
      finish()
      await Promise.all([runA.stop(), runB.stop()])
    }
  })

  it('takes over a lease its holder left to expire (an instance that died mid-run)', async () => {
    const [a, b] = await twoInstances()
    // The crashed instance's lease, as it left it.
    const deadLeases = databaseJobLeases(a.database.db, 'crashed-instance', () => a.clock.now)
    expect(await deadLeases.acquire('purge', HOUR)).toBe(true)

    let work = 0
    const job: Job = { name: 'purge', everyMs: HOUR, run: async () => ({ deleted: ++work }) }
    const turns: { job: string; outcome: JobOutcome }[] = []
    const runB = runnerFor(b, 'instance-b', [job], turns)
    try {
      await runB.runNow('purge')
      expect(work).toBe(0)
      b.clock.advance(HOUR - 1000)
      await runB.runNow('purge')
      expect(work).toBe(0)
      b.clock.advance(2000)
      await runB.runNow('purge')
      expect(work).toBe(1)
      expect(turns.map((t) => t.outcome)).toEqual(['skipped', 'skipped', 'done'])
      const lease = await b.database.db.selectFrom('job_leases').selectAll().executeTakeFirstOrThrow()
      expect(lease).toMatchObject({ job_name: 'purge', holder: 'instance-b' })
      // Stamped again from the run's end: the next run is due an interval later.
      expect(Date.parse(lease.expires_at)).toBe(b.clock.now.getTime() + HOUR)
      // The crashed instance, back with its old holder id, cannot take it while it runs.
      expect(await deadLeases.acquire('purge', HOUR)).toBe(false)
    } finally {
      await runB.stop()
    }
  })

  it('gives the lease back after a failed run, so another instance may try at its next turn', async () => {
    const [a, b] = await twoInstances()
    let failing = true
    let work = 0
    const job: Job = {
      name: 'flaky',
      everyMs: HOUR,
      async run() {
        if (failing) throw new Error('storage unreachable from this instance')
        work++
        return { done: 1 }
      },
    }
    const turns: { job: string; outcome: JobOutcome }[] = []
    const runA = runnerFor(a, 'instance-a', [job], turns)
    const runB = runnerFor(b, 'instance-b', [job], turns)
    try {
      await runA.runNow('flaky')
      failing = false
      await runB.runNow('flaky')
      expect(work).toBe(1)
      expect(turns.map((t) => t.outcome)).toEqual(['failed', 'done'])
      // Different jobs hold different leases.
      expect(
        await databaseJobLeases(a.database.db, 'instance-a', () => a.clock.now).acquire('other', HOUR),
      ).toBe(true)
    } finally {
      await Promise.all([runA.stop(), runB.stop()])
    }
  })
})
