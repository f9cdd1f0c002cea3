import { describe, expect, it, onTestFinished } from 'vitest'
import { signedIn } from '../support/people'
import { SmtpSink } from '../support/smtp-sink'
import { contactInput, inboxApp, nextIp, openForm, postFrom, publishEbook, quoteInput } from './helpers'

// The inbox's e-mails end to end through a real SMTP server on loopback: the confirmation, the staff
// alert with Reply-To, the e-book link with List-Unsubscribe, and an outage that loses nothing.

async function withSink() {
  const sink = new SmtpSink()
  await sink.start()
  onTestFinished(() => sink.stop())
  const t = await inboxApp({ SMTP_URL: sink.url, MAIL_FROM: 'Depot <no-reply@depot.test>' })
  return { sink, t }
}

describe('inbox e-mail over SMTP', () => {
  it('delivers the fixed confirmation to the sender and the alert to staff with Reply-To the sender', async () => {
    const { sink, t } = await withSink()
    const admin = await signedIn(t, { role: 'admin' })
    const formToken = await openForm(t)
    const res = await postFrom(t, '/api/inbox/quotes', quoteInput({ formToken }), nextIp())
    expect(res.status).toBe(202)

    expect(await t.mail.drainOnce()).toBe(2)
    const confirmation = sink.received.find((m) => m.envelope.to[0] === 'ada@example.com')!
    expect(confirmation.headers.get('subject')).toBe('We received your quote request · Depot')
    expect(confirmation.headers.get('reply-to')).toBeUndefined()
    expect(confirmation.leafTypes).toEqual(['text/plain', 'text/html'])
    expect(confirmation.text).not.toContain('engines')

    const alert = sink.received.find((m) => m.envelope.to[0] === admin.email)!
    expect(alert.headers.get('reply-to')).toBe('ada@example.com')
    expect(alert.headers.get('subject')).toBe('New quote request from Ada Lovelace')
    expect(alert.headers.get('from')).toBe('Depot <no-reply@depot.test>')
    expect(alert.text).toContain('Please quote for 3 engines.')
    expect(alert.html).toContain('Please quote for 3 engines.')
  })

  it('sends the e-book link with List-Unsubscribe and one-click List-Unsubscribe-Post headers', async () => {
    const { sink, t } = await withSink()
    await publishEbook(t)
    const formToken = await openForm(t)
    await postFrom(t, '/api/inbox/ebook-requests', { email: 'reader@example.com', formToken }, nextIp())
    expect(await t.mail.drainOnce()).toBe(1)
    const mail = sink.received[0]!
    expect(mail.headers.get('subject')).toBe('Your e-book from Depot')
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/inbox\/ebook\/unsubscribe\?token=[\w.-]+>$/,
    )
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/ebook\/download\?token=[\w.-]+/)

    // The header's URL works as a mail provider calls it.
    const url = new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1))
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
  })

  it('keeps the submission and answers 202 while the mail server is down, then delivers on retry', async () => {
    const { sink, t } = await withSink()
    await signedIn(t, { role: 'staff', functions: ['ManageFeedback'] })
    await sink.stop() // the SMTP server is down

    const formToken = await openForm(t)
    const res = await postFrom(t, '/api/inbox/contacts', contactInput({ formToken }), nextIp())
    expect(res.status).toBe(202)
    expect(await res.json()).toMatchObject({ status: 'received' })
    expect(await t.database.db.selectFrom('contacts').select('subject').execute()).toEqual([
      { subject: 'Opening hours' },
    ])

    expect(await t.mail.drainOnce()).toBe(0)
    const waiting = await t.database.db.selectFrom('mail_outbox').selectAll().execute()
    expect(waiting).toHaveLength(2)
    for (const mail of waiting) {
      expect(mail).toMatchObject({ status: 'pending', attempts: 1 })
      expect(mail.last_error).toBeTruthy()
    }

    await sink.start() // back, on the same port
    t.clock.advance(31_000) // past the first back-off step
    expect(await t.mail.drainOnce()).toBe(2)
    expect(sink.received.map((m) => m.envelope.to[0]).sort()).toHaveLength(2)
    expect(await t.database.db.selectFrom('contacts').select('id').execute()).toHaveLength(1)
  })
})
