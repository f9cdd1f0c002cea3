import { describe, expect, it } from 'vitest'
import {
  createSmtpTransport,
  DEFAULT_RETRY_POLICY,
  enqueueMail,
  verifyEmail,
} from '../../src/server/features/mail'
import { SmtpSink } from '../support/smtp-sink'
import { BRAND, FROM, mailSetup, outboxRow, smtpTo, testWorker } from './support/mail-fixture'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const LINK = 'http://localhost:3000/verify-email?token=abc123'
const mail = () => ({ to: 'ada@example.com', ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }) })

describe('mail outbox: failures and retries', () => {
  it('keeps a message while the SMTP server is down and delivers it once it is back', async () => {
    const { t, sink } = await mailSetup()
    await sink.stop() // the port is now closed
    const worker = testWorker(t, smtpTo(sink))
    const { id } = await enqueueMail(t.database.db, mail(), t.clock.now)

    expect(await worker.drainOnce()).toBe(0)
    let row = await outboxRow(t, id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, locked_until: null })
    expect(row.next_attempt_at).toBe(new Date(t.clock.now.getTime() + 30_000).toISOString())
    expect(row.last_error).toMatch(/ECONNREFUSED/)

    // Not due yet: nothing is tried.
    expect(await worker.drainOnce()).toBe(0)
    expect((await outboxRow(t, id)).attempts).toBe(1)

    await sink.start()
    t.clock.advance(30_000)
    expect(await worker.drainOnce()).toBe(1)
    expect(sink.received).toHaveLength(1)
    row = await outboxRow(t, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
  })

  it('backs off 30 s, 2 min, 10 min, 1 h, then 6 h, and marks the message failed after 8 attempts', async () => {
    const { t, sink } = await mailSetup()
    sink.reject = 'Mailbox busy, try later'
    const worker = testWorker(t, smtpTo(sink))
    const { id } = await enqueueMail(t.database.db, mail(), t.clock.now)

    const waits = [30_000, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR]
    for (const [i, wait] of waits.entries()) {
      expect(await worker.drainOnce()).toBe(0)
      const row = await outboxRow(t, id)
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1 })
      expect(row.next_attempt_at).toBe(new Date(t.clock.now.getTime() + wait).toISOString())
      expect(row.last_error).toMatch(/451.*Mailbox busy/)
      t.clock.advance(wait)
    }
    expect(await worker.drainOnce()).toBe(0)
    const row = await outboxRow(t, id)
    expect(row).toMatchObject({ status: 'failed', attempts: DEFAULT_RETRY_POLICY.maxAttempts })
    expect(row.last_error).toMatch(/Mailbox busy/)
    const warning = t.logs.lines.find((l) => l.level === 'warn' && l.mailId === id)
    expect(warning).toMatchObject({ template: 'verify-email', attempts: 8 })

    // A failed message stays failed, even when the server recovers.
    sink.reject = undefined
    t.clock.advance(24 * HOUR)
    expect(await worker.drainOnce()).toBe(0)
    expect(sink.received).toHaveLength(0)
  })

  it('never stores or logs the SMTP password when the server refuses the login', async () => {
    const { t, sink } = await mailSetup()
    const password = 'wrong-Pa55word'
    const transport = createSmtpTransport({
      smtpUrl: `smtp://${SmtpSink.user}:${encodeURIComponent(password)}@127.0.0.1:${sink.port}`,
      from: FROM,
    })
    const worker = testWorker(t, transport)
    const { id } = await enqueueMail(t.database.db, mail(), t.clock.now)

    expect(await worker.drainOnce()).toBe(0)
    const row = await outboxRow(t, id)
    expect(row.last_error).toMatch(/EAUTH/)
    const plain = Buffer.from(`\u0000${SmtpSink.user}\u0000${password}`).toString('base64')
    for (const text of [row.last_error ?? '', t.logs.text]) {
      expect(text).not.toContain(password)
      expect(text).not.toContain(plain)
    }

    // With the right password the same message goes out.
    const good = createSmtpTransport({
      smtpUrl: `smtp://${SmtpSink.user}:${SmtpSink.password}@127.0.0.1:${sink.port}`,
      from: FROM,
    })
    t.clock.advance(30_000)
    expect(await testWorker(t, good).drainOnce()).toBe(1)
  })

  it('lets another sender take over a message whose sender crashed, once the claim expires', async () => {
    const { t, sink } = await mailSetup()
    const { id } = await enqueueMail(t.database.db, mail(), t.clock.now)
    // A sender claimed the message and died before recording anything.
    await t.database.db
      .updateTable('mail_outbox')
      .set({
        status: 'sending',
        attempts: 1,
        locked_until: new Date(t.clock.now.getTime() + 5 * MINUTE).toISOString(),
      })
      .where('id', '=', id)
      .execute()
    const worker = testWorker(t, smtpTo(sink))

    expect(await worker.drainOnce()).toBe(0) // still claimed
    t.clock.advance(5 * MINUTE)
    expect(await worker.drainOnce()).toBe(1)
    expect(sink.received).toHaveLength(1)
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('marks failed, without sending, a message whose sender crashed during its last attempt', async () => {
    const { t, sink } = await mailSetup()
    const { id } = await enqueueMail(t.database.db, mail(), t.clock.now)
    await t.database.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 8, locked_until: t.clock.now.toISOString() })
      .where('id', '=', id)
      .execute()
    const worker = testWorker(t, smtpTo(sink))

    expect(await worker.drainOnce()).toBe(0)
    expect(sink.received).toHaveLength(0)
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', attempts: 8 })
  })

  it('survives a transport that throws anything, and keeps the message', async () => {
    const { t } = await mailSetup()
    const worker = testWorker(t, {
      send: () => Promise.reject('not even an Error'),
    })
    const { id } = await enqueueMail(t.database.db, mail(), t.clock.now)
    expect(await worker.drainOnce()).toBe(0)
    expect(await outboxRow(t, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'not even an Error',
    })
  })
})
