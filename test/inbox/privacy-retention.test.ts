import { describe, expect, it } from 'vitest'
import type { DB } from '../../src/server/db/schema'
import { purgeResolvedInboxEntries } from '../../src/server/features/inbox/inbox-retention'
import { buildJobTable } from '../../src/server/jobs'
import { newId } from '../../src/server/lib/ids'
import { signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { contactInput, inboxApp, nextIp, openForm, postFrom, publishEbook, quoteInput } from './helpers'

// Privacy: an admin exports and erases everything held for one address; retention purges
// resolved entries after N days when an admin turns it on. And the settings behind both.

const DAY_MS = 24 * 60 * 60 * 1000

describe('privacy: export and erase by e-mail address', () => {
  it('exports everything for the address as JSON, then erases it everywhere, both audited without the address', async () => {
    const t = await inboxApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const { client: staff } = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'] })
    await publishEbook(t)
    const formToken = await openForm(t)
    const subject = { email: 'Subject@Example.com', first_name: 'Sam', last_name: 'Subject' }
    await postFrom(t, '/api/inbox/quotes', quoteInput({ formToken, ...subject }), nextIp())
    await postFrom(t, '/api/inbox/contacts', contactInput({ formToken, ...subject }), nextIp())
    await postFrom(t, '/api/inbox/ebook-requests', { formToken, email: subject.email }, nextIp())
    await postFrom(t, '/api/inbox/contacts', contactInput({ formToken }), nextIp()) // Grace: someone else
    // Staff resolve Sam's quote: the notification names Sam too.
    const quoteId = (await t.database.db.selectFrom('quote_requests').select('id').executeTakeFirstOrThrow())
      .id
    await call(staff, 'PATCH', `/api/inbox/quotes/${quoteId}`, { status: 'resolved' })
    // Staff answered Sam's contact message, and wrote a note for themselves beside it.
    const contactId = (
      await t.database.db
        .selectFrom('contacts')
        .select('id')
        .where('email', '=', 'subject@example.com')
        .executeTakeFirstOrThrow()
    ).id
    const replied = await call(
      staff,
      'POST',
      `/api/inbox/contacts/${contactId}/replies`,
      { body: 'Thanks Sam, we will call you.' },
      201,
    )
    await call(
      staff,
      'POST',
      `/api/inbox/contacts/${contactId}/notes`,
      { body: 'Staff only: call on Monday.' },
      201,
    )

    await call(staff, 'POST', '/api/admin/privacy/export', { email: subject.email }, 403)
    await call(t, 'POST', '/api/admin/privacy/erase', { email: subject.email }, 401)

    const exported = await call(
      admin,
      'POST',
      '/api/admin/privacy/export',
      {
        email: '  SUBJECT@example.COM ',
      },
      200,
    )
    const data = exported
    expect(data.email).toBe('subject@example.com')
    expect(data.quoteRequests).toHaveLength(1)
    expect(data.quoteRequests[0]).toMatchObject({
      first_name: 'Sam',
      message: expect.stringContaining('engines'),
    })
    expect(data.contacts).toHaveLength(1)
    expect(data.ebookRequests).toEqual([
      expect.objectContaining({ email: 'subject@example.com', confirmedAt: null }),
    ])
    // The reply mailed to Sam is in the export; the internal note is not.
    expect(data.replies).toEqual([
      {
        id: replied.id,
        inReplyTo: { type: 'contact', id: contactId },
        body: 'Thanks Sam, we will call you.',
        authorName: expect.any(String),
        sentAt: expect.any(String),
      },
    ])
    expect(JSON.stringify(data)).not.toContain('Staff only')

    const erased = await call(
      admin,
      'POST',
      '/api/admin/privacy/erase',
      { email: 'subject@example.com' },
      200,
    )
    expect(erased).toEqual({
      email: 'subject@example.com',
      // Four mails to Sam (two confirmations, the e-book link, the reply) and two alerts to each of the
      // two staff members with Reply-To Sam.
      erased: { quoteRequests: 1, contacts: 1, ebookRequests: 1, mails: 8 },
    })

    const again = await call(admin, 'POST', '/api/admin/privacy/export', { email: subject.email })
    expect(again).toMatchObject({ quoteRequests: [], contacts: [], ebookRequests: [], replies: [] })
    // Someone else's message and mails stay.
    expect(await t.database.db.selectFrom('contacts').select('email').execute()).toEqual([
      { email: 'grace@example.com' },
    ])
    const mails = await t.database.db.selectFrom('mail_outbox').select(['to_address', 'reply_to']).execute()
    expect(mails.length).toBeGreaterThan(0)
    expect(JSON.stringify(mails)).not.toContain('subject@example.com')
    // Staff notifications no longer name Sam.
    const notes = await t.database.db.selectFrom('notifications').selectAll().execute()
    expect(JSON.stringify(notes)).not.toContain('Sam Subject')
    expect(notes.some((n) => n.user_name === 'Grace Hopper')).toBe(true)

    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', 'in', ['privacy.exported', 'privacy.erased'])
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['privacy.exported', 'privacy.erased', 'privacy.exported'])
    for (const event of audit) expect(event.details).not.toContain('subject@example.com')
    expect(JSON.parse(audit[1]!.details)).toMatchObject({
      emailDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
      quoteRequests: 1,
    })
  })

  it('refuses a malformed address', async () => {
    const t = await inboxApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    await call(admin, 'POST', '/api/admin/privacy/erase', { email: 'nobody' }, 422)
  })
})

describe('retention of resolved entries', () => {
  async function seed(t: TestApp) {
    const now = t.clock.now.getTime()
    const ago = (days: number) => new Date(now - days * DAY_MS).toISOString()
    const base = { first_name: 'R', last_name: 'T', email: 'r@example.com', message: 'm' }
    const quotes: Partial<DB['quote_requests']>[] = [
      { status: 'resolved', resolvedAt: ago(31), createdAt: ago(40) }, // purged at 30 days
      { status: 'resolved', resolvedAt: ago(29), createdAt: ago(400) }, // resolved recently: kept
      { status: 'pending', resolvedAt: null, createdAt: ago(400) }, // pending: never purged
    ]
    for (const q of quotes) {
      await t.database.db
        .insertInto('quote_requests')
        .values({ id: newId(), ...base, status: 'pending', createdAt: ago(1), updatedAt: ago(1), ...q })
        .execute()
    }
    await t.database.db
      .insertInto('contacts')
      .values({
        id: newId(),
        ...base,
        subject: 's',
        status: 'resolved',
        resolvedAt: ago(45),
        createdAt: ago(50),
        updatedAt: ago(45),
      })
      .execute()
  }

  it('is off by default: nothing is purged, however old', async () => {
    const t = await inboxApp()
    await seed(t)
    t.clock.advance(1000 * DAY_MS)
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now)).toEqual({
      quoteRequests: 0,
      contacts: 0,
      inboundMails: 0,
    })
    expect(await t.database.db.selectFrom('quote_requests').select('id').execute()).toHaveLength(3)
  })

  it('deletes entries resolved more than N days ago once an admin sets N, and never pending ones', async () => {
    const t = await inboxApp()
    await seed(t)
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const set = await call(admin, 'PATCH', '/api/admin/inbox-settings', { retentionDays: 30 })
    expect(set).toMatchObject({ retentionDays: 30 })

    const aborted = new AbortController()
    aborted.abort()
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now, aborted.signal)).toEqual({
      quoteRequests: 0,
      contacts: 0,
      inboundMails: 0,
    })
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now)).toEqual({
      quoteRequests: 1,
      contacts: 1,
      inboundMails: 0,
    })
    const left = await t.database.db
      .selectFrom('quote_requests')
      .select(['status'])
      .orderBy('status')
      .execute()
    expect(left).toEqual([{ status: 'pending' }, { status: 'resolved' }])
    // Again: nothing more (idempotent).
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now)).toEqual({
      quoteRequests: 0,
      contacts: 0,
      inboundMails: 0,
    })

    await call(admin, 'PATCH', '/api/admin/inbox-settings', { retentionDays: null })
    t.clock.advance(100 * DAY_MS)
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now)).toEqual({
      quoteRequests: 0,
      contacts: 0,
      inboundMails: 0,
    })
  })

  it('keeps the ledger of mail read from the mailbox only as long as the retention allows', async () => {
    const t = await inboxApp()
    const now = t.clock.now.getTime()
    const ago = (days: number) => new Date(now - days * DAY_MS).toISOString()
    const base = { first_name: 'R', last_name: 'T', email: 'r@example.com', message: 'm' }
    const quote = (status: 'pending' | 'resolved', resolvedAt: string | null) => {
      const id = newId()
      return t.database.db
        .insertInto('quote_requests')
        .values({ id, ...base, status, resolvedAt, createdAt: ago(60), updatedAt: ago(60) })
        .execute()
        .then(() => id)
    }
    const resolvedLongAgo = await quote('resolved', ago(40))
    const pending = await quote('pending', null)
    let uid = 0
    const ledger = (label: string, receivedDaysAgo: number, quoteId: string | null) =>
      t.database.db
        .insertInto('inbound_mails')
        .values({
          id: newId(),
          message_id: `<${label}@example.com>`,
          mailbox: 'INBOX',
          uid: ++uid,
          outcome: quoteId ? 'threaded' : 'ignored',
          reason: quoteId ? null : 'auto_reply',
          quote_id: quoteId,
          contact_id: null,
          received_at: ago(receivedDaysAgo),
        })
        .execute()
    await ledger('ignored-old', 45, null) // names no entry, older than 30 days: goes
    await ledger('ignored-new', 5, null) // too recent: stays
    await ledger('of-purged-entry', 45, resolvedLongAgo) // its entry goes, then it does
    await ledger('of-pending-entry', 45, pending) // its entry stays, and so does it
    const left = async () =>
      (
        await t.database.db.selectFrom('inbound_mails').select('message_id').orderBy('message_id').execute()
      ).map((r) => r.message_id)

    // Off by default: nothing goes.
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now)).toMatchObject({ inboundMails: 0 })
    expect(await left()).toHaveLength(4)

    const { client: admin } = await signedIn(t, { role: 'admin' })
    await call(admin, 'PATCH', '/api/admin/inbox-settings', { retentionDays: 30 })
    expect(await purgeResolvedInboxEntries(t.database.db, t.clock.now)).toEqual({
      quoteRequests: 1,
      contacts: 0,
      inboundMails: 2,
    })
    expect(await left()).toEqual(['<ignored-new@example.com>', '<of-pending-entry@example.com>'])
  })

  it('runs as a periodic job of every instance, with the setting read at each run', async () => {
    const t = await inboxApp()
    await seed(t)
    const job = buildJobTable(t.deps).find((j) => j.name === 'purge-resolved-inbox')
    expect(job).toBeDefined()
    const signal = new AbortController().signal
    expect(await job!.run(signal)).toEqual({ quoteRequests: 0, contacts: 0, inboundMails: 0 })
    const { client: admin } = await signedIn(t, { role: 'admin' })
    await call(admin, 'PATCH', '/api/admin/inbox-settings', { retentionDays: 30 })
    expect(await job!.run(signal)).toEqual({ quoteRequests: 1, contacts: 1, inboundMails: 0 })
  })
})

describe('inbox settings', () => {
  it('are read and changed by admins only, validated, and audited', async () => {
    const t = await inboxApp()
    const { client: admin } = await signedIn(t, { role: 'admin' })
    const { client: staff } = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'] })
    expect(await call(admin, 'GET', '/api/admin/inbox-settings')).toEqual({
      services: [],
      ebookFileId: null,
      ebookPublished: false,
      retentionDays: null,
      mailbox: { configured: false, mailboxes: [] },
    })
    await call(staff, 'GET', '/api/admin/inbox-settings', undefined, 403)
    await call(staff, 'PATCH', '/api/admin/inbox-settings', { services: ['X'] }, 403)

    const bad = await call(
      admin,
      'PATCH',
      '/api/admin/inbox-settings',
      {
        services: ['Design', 'design', 'Line\nbreak'],
        retentionDays: 0,
      },
      422,
    )
    const errors = bad.errors!
    expect(errors['services.2']).toEqual(['Service name cannot contain line breaks.'])
    expect(errors.retentionDays).toEqual(['Keep resolved entries at least 1 day.'])
    await call(admin, 'PATCH', '/api/admin/inbox-settings', {}, 422)
    const dup = await call(
      admin,
      'PATCH',
      '/api/admin/inbox-settings',
      { services: ['Design', 'design'] },
      422,
    )
    expect(dup.errors!.services).toEqual(['Each service can be listed only once.'])

    const ok = await call(admin, 'PATCH', '/api/admin/inbox-settings', {
      services: [' Design ', 'Hosting'],
    })
    expect(ok).toEqual({
      services: ['Design', 'Hosting'],
      ebookFileId: null,
      ebookPublished: false,
      retentionDays: null,
      mailbox: { configured: false, mailboxes: [] },
    })
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'settings.changed')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details)).toMatchObject({ area: 'inbox', changed: ['services'] })
  })
})
