import { describe, expect, it, vi } from 'vitest'
import { enqueueMail, type MailTransport, verifyEmail } from '../../src/server/features/mail'
import { BRAND, mailSetup, outboxRow, smtpTo, testWorker } from './support/mail-fixture'

const LINK = 'http://localhost:3000/verify-email?token=abc123'

describe('mail outbox: delivery', () => {
  it('delivers an enqueued message once, with its recipient, subject, reply-to, headers and both parts', async () => {
    const { t, sink } = await mailSetup()
    const worker = testWorker(t, smtpTo(sink))
    const { id } = await enqueueMail(
      t.database.db,
      {
        to: 'ada@example.com',
        replyTo: 'support@depot.test',
        headers: { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe?u=1>' },
        ...verifyEmail(BRAND, { firstname: 'Zoë', link: LINK }),
        subject: 'Bienvenue, Zoë — confirm',
      },
      t.clock.now,
    )

    expect(await worker.drainOnce()).toBe(1)
    expect(await worker.drainOnce()).toBe(0)

    expect(sink.received).toHaveLength(1)
    const mail = sink.received[0]!
    expect(mail.envelope.to).toEqual(['ada@example.com'])
    expect(mail.envelope.from).toBe('no-reply@depot.test')
    expect(mail.headers.get('to')).toBe('ada@example.com')
    expect(mail.headers.get('subject')).toBe('Bienvenue, Zoë — confirm')
    expect(mail.headers.get('reply-to')).toBe('support@depot.test')
    expect(mail.headers.get('list-unsubscribe')).toBe('<http://localhost:3000/unsubscribe?u=1>')
    expect(mail.headers.get('message-id')).toBe(`<${id}@depot.test>`)
    expect(mail.leafTypes).toEqual(['text/plain', 'text/html'])
    expect(mail.text).toContain('Hi Zoë,')
    expect(mail.text).toContain(LINK)
    expect(mail.html).toContain(`href="${LINK}"`)

    const row = await outboxRow(t, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, locked_until: null })
    expect(row.sent_at).toBe(t.clock.now.toISOString())
    expect(row.template).toBe('verify-email')
    // The link's token is not kept once delivered.
    expect(row).toMatchObject({ text_body: '', html_body: '' })
  })

  it('delivers each message exactly once when senders drain concurrently', async () => {
    const { t, sink } = await mailSetup()
    const ids: string[] = []
    for (let i = 0; i < 6; i++) {
      const mail = verifyEmail(BRAND, { firstname: `User ${i}`, link: `${LINK}${i}` })
      ids.push((await enqueueMail(t.database.db, { to: `user${i}@example.com`, ...mail }, t.clock.now)).id)
    }
    // Two workers, as two instances on one database would run them, plus a second drain on one of them.
    const first = testWorker(t, smtpTo(sink))
    const second = testWorker(t, smtpTo(sink))
    const counts = await Promise.all([first.drainOnce(), second.drainOnce(), first.drainOnce()])

    expect(counts.reduce((a, b) => a + b, 0)).toBe(6)
    expect(sink.received).toHaveLength(6)
    expect(new Set(sink.received.map((m) => m.headers.get('message-id'))).size).toBe(6)
    for (const id of ids) expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('sends nothing for a message enqueued in a transaction that rolled back', async () => {
    const { t, sink } = await mailSetup()
    const worker = testWorker(t, smtpTo(sink))
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await enqueueMail(
          trx,
          { to: 'ada@example.com', ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }) },
          t.clock.now,
        )
        throw new Error('the sign-up failed after the e-mail was enqueued')
      }),
    ).rejects.toThrow(/sign-up failed/)

    expect(await worker.drainOnce()).toBe(0)
    expect(sink.received).toHaveLength(0)
    expect(await t.database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([])
  })

  it('keeps a CR/LF in a subject or header value from adding headers or recipients', async () => {
    const { t, sink } = await mailSetup()
    const worker = testWorker(t, smtpTo(sink))
    await enqueueMail(
      t.database.db,
      {
        to: 'ada@example.com',
        ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }),
        subject: 'Hello\r\nBcc: eve@example.com',
        headers: { 'X-Note': 'one\nBcc: eve@example.com' },
      },
      t.clock.now,
    )
    expect(await worker.drainOnce()).toBe(1)
    const mail = sink.received[0]!
    expect(mail.envelope.to).toEqual(['ada@example.com'])
    expect(mail.headers.has('bcc')).toBe(false)
    expect(mail.headers.get('subject')).toBe('Hello Bcc: eve@example.com')
    expect(mail.headers.get('x-note')).toBe('one Bcc: eve@example.com')
  })

  it('sends from the background loop after kick(), and stop() waits for the send in flight', async () => {
    const { t, sink } = await mailSetup()
    const smtp = smtpTo(sink)
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const started = vi.fn()
    const slow: MailTransport = {
      async send(message) {
        started()
        await gate
        await smtp.send(message)
      },
    }
    const worker = testWorker(t, slow, { pollMs: 60_000 })
    const { id } = await enqueueMail(
      t.database.db,
      { to: 'ada@example.com', ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }) },
      t.clock.now,
    )
    worker.kick()
    await vi.waitFor(() => expect(started).toHaveBeenCalledOnce())

    let stopped = false
    const stopping = worker.stop().then(() => {
      stopped = true
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(stopped).toBe(false) // still waiting for the send
    release()
    await stopping
    expect(sink.received).toHaveLength(1)
    expect((await outboxRow(t, id)).status).toBe('sent')
  })

  it('refuses a status outside pending, sending, sent and failed', async () => {
    const { t } = await mailSetup()
    const { id } = await enqueueMail(
      t.database.db,
      { to: 'ada@example.com', ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }) },
      t.clock.now,
    )
    await expect(
      t.database.db
        .updateTable('mail_outbox')
        .set({ status: 'lost' as never })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/check/i)
  })
})
