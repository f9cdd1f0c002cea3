import { describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/connection'
import type { DB } from '../../src/server/db/schema'
import type { Env } from '../../src/server/env'
import { startSession } from '../../src/server/features/accounts/sessions/sessions.service'
import { consumeToken, issueToken } from '../../src/server/features/accounts/sign-up/verification-tokens'
import { enqueueMail } from '../../src/server/features/mail'
import {
  FAILED_MAIL_RETENTION_MS,
  SENT_MAIL_RETENTION_MS,
} from '../../src/server/features/mail/outbox.repository'
import { notify } from '../../src/server/features/notifications/notify'
import type { PaystackGateway } from '../../src/server/features/shop/paystack/paystack-gateway'
import { buildJobTable } from '../../src/server/jobs'
import { newId } from '../../src/server/lib/ids'
import { type JobSummary, startJobRunner } from '../../src/server/lib/jobs/job-runner'
import type { BlobStore } from '../../src/server/lib/storage'
import { IDLE_TIMEOUT_MS, isSessionLive } from '../../src/server/policies/session.policy'
import { insertUser } from '../support/people'
import { startServer } from '../support/server-process'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestDatabase } from '../support/test-database'

// The product's periodic jobs (src/server/jobs.ts) through the real runner, on the app's database and
// its fake clock: each purge removes exactly the rows that are dead by that clock and keeps the rest.
// Each test gets its own app, so its tables start empty.

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/**
 * Runs one job of the job table once through the runner, as it runs on schedule, and returns what
 * the run reported (the runner logs it only at info, and only when something was deleted).
 */
async function runJob(t: TestApp, name: string, database: Database = t.database) {
  let summary: JobSummary | undefined
  const jobs = buildJobTable({ ...t.deps, database }).map((job) =>
    job.name === name
      ? { ...job, run: async (signal: AbortSignal) => (summary = await job.run(signal)) }
      : job,
  )
  const runner = startJobRunner({ jobs, logger: t.deps.logger, startDelayMs: 10 * DAY }) // no scheduled run
  try {
    await runner.runNow(name)
  } finally {
    await runner.stop()
  }
  expect(t.logs.lines.filter((l) => l.job === name && l.msg !== 'job done')).toEqual([])
  return summary
}

/** The runner's info line for a job's latest run that deleted something. */
const lastLogOf = (t: TestApp, name: string) =>
  t.logs.lines.filter((l) => l.msg === 'job done' && l.job === name).at(-1)

/** Enough to list the jobs without running them. */
const placeholderDeps = {
  database: {} as Database,
  clock: () => new Date(),
  env: {} as Env,
  storage: {} as BlobStore,
  mailer: { kick() {} },
  paystack: {} as PaystackGateway,
}

const iso = (t: TestApp, offsetMs: number) => new Date(t.clock.now.getTime() + offsetMs).toISOString()

describe('the job table', () => {
  it('lists each periodic job once', () => {
    const names = buildJobTable(placeholderDeps).map((j) => j.name)
    expect(names).toEqual([
      'purge-rate-limits',
      'purge-sessions',
      'purge-verification-tokens',
      'mail-expiring-tokens',
      'prune-mail-outbox',
      'purge-resolved-inbox',
      'purge-notifications',
      'notification-digests',
      'purge-trash',
      'purge-file-versions',
      'delete-blobs',
      'purge-abandoned-uploads',
      'reconcile-orders',
      'check-blob-integrity',
    ])
  })
})

// It starts the server as a process: on a loaded 2-core machine a start alone can take 10 s.
describe('the server process', { timeout: 60_000 }, () => {
  it('starts the jobs after migrating and stops them on SIGTERM before closing the database', async () => {
    const testDb = await createTestDatabase()
    try {
      const server = await startServer({
        DATA_DIR: testDb.dir,
        ...(testDb.config.dialect === 'postgres' ? { DATABASE_URL: testDb.config.url } : {}),
      })
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      const messages = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      const started = messages.find((m) => m.msg === 'periodic jobs started')
      expect(started).toMatchObject({ component: 'jobs' })
      expect((started!.jobs as { name: string }[]).map((j) => j.name)).toEqual(
        buildJobTable(placeholderDeps).map((j) => j.name),
      )
      // In the order they were logged: two writes to a pipe under load may reach us the other way round.
      const order = messages
        .map((m, i) => ({ at: Date.parse(String(m.time)), i, msg: m.msg }))
        .sort((a, b) => a.at - b.at || a.i - b.i)
        .map((m) => m.msg)
      expect(order.indexOf('migration applied')).toBeLessThan(order.indexOf('periodic jobs started'))
      expect(order.indexOf('periodic jobs stopped')).toBeGreaterThan(
        order.indexOf('shutting down: finishing requests in flight'),
      )
      expect(order.indexOf('periodic jobs stopped')).toBeLessThan(order.indexOf('stopped'))
    } finally {
      await testDb.drop()
    }
  })
})

describe('purge-rate-limits', () => {
  it('deletes the windows that have ended and keeps the open ones', async () => {
    const t = await createTestApp()
    await t.database.db
      .insertInto('rate_limits')
      .values([
        { key: 'ended-long-ago', count: 6, reset_at: iso(t, -DAY) },
        { key: 'ends-now', count: 1, reset_at: iso(t, 0) },
        { key: 'open', count: 3, reset_at: iso(t, 1) },
        { key: 'open-long', count: 1, reset_at: iso(t, HOUR) },
      ])
      .execute()

    expect(await runJob(t, 'purge-rate-limits')).toEqual({ deleted: 2 })

    expect(lastLogOf(t, 'purge-rate-limits')).toMatchObject({ level: 'info', deleted: 2 })
    const keys = (await t.database.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    )
    expect(keys).toEqual(['open', 'open-long'])
  })
})

describe('purge-sessions', () => {
  it('deletes exactly the sessions isSessionLive calls dead: past their end, or idle too long', async () => {
    const t = await createTestApp()
    const user = await insertUser(t.database.db)
    const session = (name: string, s: { expires: number; lastSeenAt: number | null; createdAt: number }) => ({
      id: newId(),
      sessionToken: `hash-${name}`,
      userId: user.id,
      expires: iso(t, s.expires),
      createdAt: iso(t, s.createdAt),
      updatedAt: iso(t, s.createdAt),
      lastSeenAt: s.lastSeenAt === null ? null : iso(t, s.lastSeenAt),
      userAgent: name, // names the row in the assertions
      ipAddress: '127.0.0.1',
    })
    const rows: DB['sessions'][] = [
      session('live', { expires: 20 * DAY, lastSeenAt: -HOUR, createdAt: -10 * DAY }),
      session('live-untouched', { expires: 30 * DAY, lastSeenAt: null, createdAt: -HOUR }),
      session('nearly-idle', { expires: DAY, lastSeenAt: -IDLE_TIMEOUT_MS + 1, createdAt: -20 * DAY }),
      session('past-its-end', { expires: 0, lastSeenAt: -1, createdAt: -30 * DAY }),
      session('idle', { expires: 20 * DAY, lastSeenAt: -IDLE_TIMEOUT_MS, createdAt: -10 * DAY }),
      session('idle-untouched', { expires: 20 * DAY, lastSeenAt: null, createdAt: -IDLE_TIMEOUT_MS - 1 }),
    ]
    await t.database.db.insertInto('sessions').values(rows).execute()
    const liveByPolicy = rows.filter((r) => isSessionLive(r, t.clock.now)).map((r) => r.userAgent)
    expect(liveByPolicy).toEqual(['live', 'live-untouched', 'nearly-idle'])

    expect(await runJob(t, 'purge-sessions')).toEqual({ deleted: 3 })

    const left = await t.database.db.selectFrom('sessions').select('userAgent').orderBy('userAgent').execute()
    expect(left.map((r) => r.userAgent)).toEqual([...liveByPolicy].sort())
  })

  it('removes a real sign-in once the fake clock has passed its idle timeout', async () => {
    const t = await createTestApp()
    const user = await insertUser(t.database.db)
    await startSession(t.deps, user.id, { ipAddress: '127.0.0.1', userAgent: 'test' })

    t.clock.advance(IDLE_TIMEOUT_MS - 1000)
    expect(await runJob(t, 'purge-sessions')).toEqual({ deleted: 0 })
    t.clock.advance(1000)
    expect(await runJob(t, 'purge-sessions')).toEqual({ deleted: 1 })
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([])
  })
})

describe('purge-verification-tokens', () => {
  it('deletes expired tokens and keeps the ones that still work', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const reset = await issueToken(
      db,
      { email: 'a@example.com', firstname: 'A', purpose: 'reset_password' },
      t.clock.now,
    )
    const verify = await issueToken(
      db,
      { email: 'b@example.com', firstname: 'B', purpose: 'verify_email' },
      t.clock.now,
    )
    t.clock.advance(HOUR - 1) // the reset link (1 h) still works
    expect(await runJob(t, 'purge-verification-tokens')).toEqual({ deleted: 0 })
    t.clock.advance(1) // ...and now it has expired; the verification link (24 h) has not

    expect(await runJob(t, 'purge-verification-tokens')).toEqual({ deleted: 1 })

    const left = await db.selectFrom('verification_tokens').select(['email', 'purpose']).execute()
    expect(left).toEqual([{ email: 'b@example.com', purpose: 'verify_email' }])
    expect(await consumeToken(db, reset, 'reset_password', t.clock.now)).toBeUndefined()
    expect(await consumeToken(db, verify, 'verify_email', t.clock.now)).toMatchObject({
      email: 'b@example.com',
    })
  })
})

describe('purge-notifications', () => {
  it('deletes notifications past 365 days and keeps younger ones', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const admin = await insertUser(db, { role: 'admin' })
    const made = (ageMs: number) =>
      notify(
        db,
        {
          type: 'quote',
          action: 'created',
          actor: { id: admin.id, name: admin.name },
          audience: { forAll: true },
        },
        new Date(t.clock.now.getTime() - ageMs),
      )
    await made(366 * DAY)
    const young = await made(364 * DAY)

    expect(await runJob(t, 'purge-notifications')).toEqual({ expired: 1, read: 0 })

    const left = await db.selectFrom('notifications').select('id').execute()
    expect(left.map((r) => r.id)).toEqual([young])
  })
})

describe('prune-mail-outbox', () => {
  /** An outbox row in any state, made `ageMs` before the app's now. */
  const mailRow = (
    t: TestApp,
    name: string,
    status: DB['mail_outbox']['status'],
    ageMs: number,
    sentAgoMs?: number,
  ) => ({
    id: newId(),
    to_address: `${name}@example.com`,
    reply_to: null,
    subject: name,
    text_body: status === 'sent' ? '' : 'body',
    html_body: status === 'sent' ? '' : '<p>body</p>',
    headers: '{}',
    template: 'test',
    status,
    attempts: status === 'pending' ? 0 : 1,
    next_attempt_at: iso(t, -ageMs),
    locked_until: status === 'sending' ? iso(t, -ageMs + 60_000) : null,
    last_error: status === 'failed' ? 'gave up' : null,
    created_at: iso(t, -ageMs),
    sent_at: status === 'sent' ? iso(t, -(sentAgoMs ?? ageMs)) : null,
  })

  const subjects = async (t: TestApp) =>
    (await t.database.db.selectFrom('mail_outbox').select('subject').orderBy('subject').execute()).map(
      (r) => r.subject,
    )

  it('deletes sent mail after 30 days and failed mail after 90; never pending or sending mail', async () => {
    const t = await createTestApp()
    expect(SENT_MAIL_RETENTION_MS).toBe(30 * DAY)
    expect(FAILED_MAIL_RETENTION_MS).toBe(90 * DAY)
    // One sent for real: enqueued, then delivered by the worker (file transport), at the fake clock.
    await enqueueMail(
      t.database.db,
      { to: 'real@example.com', subject: 'sent-by-worker', text: 'hi', html: '<p>hi</p>', template: 'test' },
      t.clock.now,
    )
    expect(await t.mail.drainOnce()).toBe(1)
    t.clock.advance(SENT_MAIL_RETENTION_MS - 1)
    await t.database.db
      .insertInto('mail_outbox')
      .values([
        mailRow(t, 'sent-31-days', 'sent', 31 * DAY),
        mailRow(t, 'sent-30-days', 'sent', 30 * DAY),
        mailRow(t, 'sent-29-days', 'sent', 29 * DAY),
        // Made long ago but only delivered recently (after retries): counted from sent_at.
        mailRow(t, 'sent-late', 'sent', 60 * DAY, DAY),
        mailRow(t, 'failed-91-days', 'failed', 91 * DAY),
        mailRow(t, 'failed-90-days', 'failed', 90 * DAY),
        mailRow(t, 'failed-45-days', 'failed', 45 * DAY),
        mailRow(t, 'pending-200-days', 'pending', 200 * DAY),
        mailRow(t, 'sending-200-days', 'sending', 200 * DAY),
      ])
      .execute()

    // The worker's own message is one millisecond short of its 30 days.
    expect(await runJob(t, 'prune-mail-outbox')).toEqual({ sent: 2, failed: 2 })
    expect(await subjects(t)).toEqual([
      'failed-45-days',
      'pending-200-days',
      'sending-200-days',
      'sent-29-days',
      'sent-by-worker',
      'sent-late',
    ])

    t.clock.advance(1)
    expect(await runJob(t, 'prune-mail-outbox')).toEqual({ sent: 1, failed: 0 })
    expect(await subjects(t)).not.toContain('sent-by-worker')
  })

  it('prunes in batches, and two instances pruning at once delete each row once between them', async () => {
    const t = await createTestApp()
    const old = Array.from({ length: 1234 }, (_, i) => mailRow(t, `old-${i}`, 'sent', 40 * DAY))
    for (let i = 0; i < old.length; i += 200) {
      await t.database.db
        .insertInto('mail_outbox')
        .values(old.slice(i, i + 200))
        .execute()
    }
    await t.database.db
      .insertInto('mail_outbox')
      .values(mailRow(t, 'recent', 'sent', DAY))
      .execute()

    const other = openDatabase(t.testDb.config) // a second instance: its own connection or pool
    let results: (JobSummary | undefined)[]
    try {
      results = await Promise.all([runJob(t, 'prune-mail-outbox'), runJob(t, 'prune-mail-outbox', other)])
    } finally {
      await other.close()
    }

    expect(results.reduce((sum, r) => sum + (r?.sent ?? 0), 0)).toBe(old.length)
    expect(await subjects(t)).toEqual(['recent'])
  })
})
