import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { contactInput, count, inboxApp, nextIp, openForm, postFrom, quoteInput } from './helpers'

// The public quote and contact forms: validation, the spam guard (honeypot, minimum
// fill time, rate limits) and what one accepted submission leaves behind.

let t: TestApp

beforeAll(async () => {
  t = await inboxApp()
})

const dropped = (app: TestApp) => app.logs.lines.filter((l) => l.msg === 'inbox: submission dropped as spam')

describe('GET /api/inbox/form', () => {
  it('gives a visitor a signed token, the minimum fill time and the services, without prefill', async () => {
    const res = await t.request('/api/inbox/form')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.json()
    expect(body).toMatchObject({ minFillSeconds: 3, services: [], prefill: null })
    expect(body.formToken).toMatch(/^[\w-]+\.[\w-]{43}$/)
  })

  it('prefills the signed-in user’s details', async () => {
    const { client, ...user } = await signedIn(t, {
      account_type: 'corporate',
      business_name: 'Lovelace & Co',
      industry: 'Engines',
    })
    const body = await call(client, 'GET', '/api/inbox/form')
    expect(body.prefill).toEqual({
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      business_name: 'Lovelace & Co',
      industry: 'Engines',
    })
  })
})

describe('an accepted submission', () => {
  it('stores a quote request, queues a fixed confirmation and a staff alert with Reply-To, and notifies staff', async () => {
    const app = await inboxApp()
    const db = app.database.db
    const admin = await signedIn(app, { role: 'admin' })
    const feedback = await signedIn(app, { role: 'staff', functions: ['ManageFeedback'] })
    await signedIn(app, { role: 'staff', functions: ['AccessShop', 'ManageFolders'] })
    await insertUser(db, { role: 'admin', isRestricted: true })

    const formToken = await openForm(app)
    const res = await postFrom(
      app,
      '/api/inbox/quotes',
      quoteInput({ formToken, email: ' Ada@Example.COM ' }),
      nextIp(),
    )
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({
      status: 'received',
      message: expect.stringContaining('quote request'),
    })

    const rows = await db.selectFrom('quote_requests').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      business_name: 'Analytical Engines Ltd',
      email: 'ada@example.com',
      phone: '+234 801 234 5678',
      service: null,
      message: 'Please quote for 3 engines.\nDelivery to Lagos.',
      status: 'pending',
      resolvedAt: null,
      resolvedBy: null,
    })

    const mails = await db.selectFrom('mail_outbox').selectAll().orderBy('to_address').execute()
    const confirmation = mails.find((m) => m.to_address === 'ada@example.com')!
    expect(confirmation.template).toBe('inbox-received-quote')
    expect(confirmation.reply_to).toBeNull()
    for (const body of [confirmation.text_body, confirmation.html_body]) {
      expect(body).not.toContain('engines')
      expect(body).not.toContain('Ada')
      expect(body).not.toContain('Analytical')
    }
    const alerts = mails.filter((m) => m.template === 'inbox-alert-quote')
    expect(alerts.map((m) => m.to_address).sort()).toEqual([admin.email, feedback.email].sort())
    for (const alert of alerts) {
      expect(alert.reply_to).toBe('ada@example.com')
      expect(alert.subject).toBe('New quote request from Ada Lovelace')
      expect(alert.text_body).toContain('> Please quote for 3 engines.\n> Delivery to Lagos.')
      expect(alert.text_body).toContain(`/staff/quotes/${rows[0]!.id}`)
    }

    const notes = await db.selectFrom('notifications').selectAll().execute()
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({
      type: 'quote',
      action: 'created',
      user_name: 'Ada Lovelace',
      user_id: null,
      mainItem: 'Analytical Engines Ltd',
      forAll: true,
    })
    // ...which ManageFeedback staff see in their notifications, and a plain user does not.
    const seen = await call(feedback.client, 'GET', '/api/notifications')
    expect(JSON.stringify(seen)).toContain('Ada Lovelace')
  })

  it('stores a contact message (last name optional) and notifies staff with the feedback type', async () => {
    const formToken = await openForm(t)
    const res = await postFrom(t, '/api/inbox/contacts', contactInput({ formToken, last_name: '' }), nextIp())
    expect(res.status).toBe(202)
    const row = await t.database.db.selectFrom('contacts').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      first_name: 'Grace',
      last_name: '',
      subject: 'Opening hours',
      status: 'pending',
    })
    const note = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'feedback')
      .executeTakeFirstOrThrow()
    expect(note).toMatchObject({ action: 'created', user_name: 'Grace', mainItem: 'Opening hours' })
    const confirmation = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'grace@example.com')
      .executeTakeFirstOrThrow()
    expect(confirmation.template).toBe('inbox-received-contact')
    expect(confirmation.text_body).not.toContain('Saturdays')
  })

  it('records the signed-in sender as the actor of the notification', async () => {
    const app = await inboxApp()
    const { client, ...user } = await signedIn(app)
    const formToken = await openForm(app, client)
    const res = await postFrom(app, '/api/inbox/contacts', contactInput({ formToken }), nextIp(), client)
    expect(res.status).toBe(202)
    const note = await app.database.db.selectFrom('notifications').selectAll().executeTakeFirstOrThrow()
    expect(note.user_id).toBe(user.id)
  })
})

describe('the spam guard', () => {
  it('answers a filled honeypot exactly like an accepted form, and stores and sends nothing', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    const real = await postFrom(app, '/api/inbox/contacts', contactInput({ formToken }), nextIp())
    const before = { contacts: await count(app, 'contacts'), mails: await count(app, 'mail_outbox') }

    const bot = await postFrom(
      app,
      '/api/inbox/contacts',
      contactInput({ formToken, website: 'http://spam.example', email: 'bot@example.com' }),
      nextIp(),
    )
    expect(bot.status).toBe(real.status)
    expect(await bot.json()).toEqual(await real.json())
    expect({ contacts: await count(app, 'contacts'), mails: await count(app, 'mail_outbox') }).toEqual(before)
    expect(dropped(app).map((l) => l.reason)).toEqual(['honeypot'])
    expect(dropped(app)[0]).toMatchObject({ level: 'info', form: 'contact' })
    expect(app.logs.text).not.toContain('bot@example.com')
  })

  it('drops a form sent sooner than the minimum fill time', async () => {
    const app = await inboxApp()
    const res = await app.request('/api/inbox/form')
    const { formToken } = await res.json()
    app.clock.advance(2_000) // under INBOX_MIN_FILL_SECONDS=3
    const sent = await postFrom(app, '/api/inbox/quotes', quoteInput({ formToken }), nextIp())
    expect(sent.status).toBe(202)
    expect(await count(app, 'quote_requests')).toBe(0)
    expect(await count(app, 'mail_outbox')).toBe(0)
    expect(dropped(app).map((l) => l.reason)).toEqual(['too_fast'])
  })

  it('drops a tampered, foreign or missing timestamp', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    const [body, signature] = formToken.split('.') as [string, string]
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString())
    // Back-dating the issue time to beat the minimum fill time breaks the signature.
    const backdated = Buffer.from(JSON.stringify({ ...payload, t: payload.t - 60_000 })).toString('base64url')
    for (const token of [
      `${backdated}.${signature}`,
      `${body}.${'A'.repeat(43)}`,
      'not-a-token',
      undefined,
    ]) {
      const res = await postFrom(app, '/api/inbox/quotes', quoteInput({ formToken: token }), nextIp())
      expect(res.status).toBe(202)
    }
    expect(await count(app, 'quote_requests')).toBe(0)
    expect(dropped(app).map((l) => l.reason)).toEqual(['tampered', 'tampered', 'tampered', 'tampered'])
    // A token signed with another secret (another deployment's) is tampered too.
    const otherSecret = await createTestApp({
      env: { TRUST_PROXY: 'true', AUTH_SECRET: 'another-secret-another-secret-0123456789abc' },
    })
    const res = await postFrom(otherSecret, '/api/inbox/quotes', quoteInput({ formToken }), nextIp())
    expect(res.status).toBe(202)
    expect(await count(otherSecret, 'quote_requests')).toBe(0)
    expect(dropped(otherSecret).map((l) => l.reason)).toEqual(['tampered'])
  })

  it('asks for a reload when the form was open for more than a day', async () => {
    const formToken = await openForm(t)
    t.clock.advance(25 * 60 * 60 * 1000)
    const res = await postFrom(t, '/api/inbox/contacts', contactInput({ formToken }), nextIp())
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ code: 'form_expired' })
  })

  it('limits submissions per client address and per e-mail with 429 and Retry-After, across instances', async () => {
    const app = await inboxApp({
      INBOX_LIMIT_PER_IP: '3',
      INBOX_LIMIT_PER_EMAIL: '2',
      INBOX_LIMIT_WINDOW_MINUTES: '10',
    })
    const second = await inboxApp(
      { INBOX_LIMIT_PER_IP: '3', INBOX_LIMIT_PER_EMAIL: '2', INBOX_LIMIT_WINDOW_MINUTES: '10' },
      { sharedDatabase: app.testDb },
    )
    second.clock.now = app.clock.now
    const formToken = await openForm(app)
    second.clock.now = app.clock.now
    const send = (instance: TestApp, ip: string, email: string) =>
      postFrom(instance, '/api/inbox/contacts', contactInput({ formToken, email }), ip)

    // Per e-mail: two from different addresses, then the third is refused (on the other instance too).
    expect((await send(app, '192.0.2.1', 'same@example.com')).status).toBe(202)
    expect((await send(second, '192.0.2.2', 'same@example.com')).status).toBe(202)
    const overEmail = await send(second, '192.0.2.3', 'SAME@example.com')
    expect(overEmail.status).toBe(429)
    expect(Number(overEmail.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(overEmail.headers.get('retry-after'))).toBeLessThanOrEqual(600)
    expect(await overEmail.json()).toMatchObject({ code: 'rate_limited' })

    // Per client address: three from one address, whatever the e-mail; a dropped one counts too.
    expect((await send(app, '192.0.2.9', 'a@example.com')).status).toBe(202)
    expect(
      (
        await postFrom(
          app,
          '/api/inbox/contacts',
          contactInput({ formToken, email: 'b@example.com', website: 'x' }),
          '192.0.2.9',
        )
      ).status,
    ).toBe(202)
    expect((await send(second, '192.0.2.9', 'c@example.com')).status).toBe(202)
    const overIp = await send(app, '192.0.2.9', 'd@example.com')
    expect(overIp.status).toBe(429)
    expect(overIp.headers.get('retry-after')).toMatch(/^\d+$/)

    // The window ends: allowed again.
    app.clock.advance(10 * 60 * 1000 + 1)
    expect((await send(app, '192.0.2.9', 'd@example.com')).status).toBe(202)
    const rows = await app.database.db.selectFrom('rate_limits').select('key').execute()
    expect(rows.map((r) => r.key).join(' ')).not.toContain('same@example.com') // e-mails are kept as digests
  })
})

describe('validation', () => {
  it('explains every invalid field at once, with per-field messages', async () => {
    const res = await postFrom(
      t,
      '/api/inbox/quotes',
      {
        first_name: '  ',
        last_name: 'x'.repeat(101),
        email: 'not-an-address',
        phone: 'call me',
        message: 'y'.repeat(5001),
        business_name: 'b'.repeat(201),
      },
      nextIp(),
    )
    expect(res.status).toBe(422)
    const { errors } = await res.json()
    expect(errors).toEqual({
      first_name: ['Enter your first name.'],
      last_name: ['Keep your last name under 100 characters.'],
      email: ['Enter a valid e-mail address'],
      phone: ['Enter a phone number with digits, spaces and + ( ) - only.'],
      message: ['Keep your message under 5000 characters.'],
      business_name: ['Keep the business name under 200 characters.'],
    })
    const contact = await postFrom(t, '/api/inbox/contacts', { email: 'a@example.com' }, nextIp())
    expect((await contact.json()).errors).toEqual({
      first_name: ['Enter your first name.'],
      subject: ['Enter a subject.'],
      message: ['Enter your message.'],
    })
  })

  it('refuses CR and LF in every field that reaches a mail header, and control characters anywhere', async () => {
    const app = await inboxApp()
    const formToken = await openForm(app)
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        '/api/inbox/contacts',
        { subject: 'Hello\r\nBcc: victim@example.com' },
        'subject',
        'Subject cannot contain line breaks.',
      ],
      [
        '/api/inbox/contacts',
        { first_name: 'Eve\nBcc: x@example.com' },
        'first_name',
        'First name cannot contain line breaks.',
      ],
      ['/api/inbox/contacts', { last_name: 'Eve\rX' }, 'last_name', 'Last name cannot contain line breaks.'],
      [
        '/api/inbox/contacts',
        { email: 'eve@example.com\r\nBcc: x@example.com' },
        'email',
        'Enter a valid e-mail address',
      ],
      [
        '/api/inbox/quotes',
        { business_name: 'Acme\nInc' },
        'business_name',
        'Business name cannot contain line breaks.',
      ],
      [
        '/api/inbox/quotes',
        { industry: 'Retail\r' + 'x' },
        'industry',
        'Industry cannot contain line breaks.',
      ],
      ['/api/inbox/quotes', { service: 'Design\nBcc: x' }, 'service', 'Service cannot contain line breaks.'],
      [
        '/api/inbox/quotes',
        { message: 'Hi\u0000there' },
        'message',
        'Your message cannot contain control characters.',
      ],
      [
        '/api/inbox/contacts',
        { subject: 'Tab\u0007bell' },
        'subject',
        'Subject cannot contain control characters.',
      ],
    ]
    for (const [path, bad, field, message] of cases) {
      const base = path.endsWith('quotes') ? quoteInput({ formToken }) : contactInput({ formToken })
      const res = await postFrom(app, path, { ...base, ...bad }, nextIp())
      expect(res.status, `${field} ${JSON.stringify(bad)}`).toBe(422)
      expect((await res.json()).errors[field]).toEqual([message])
    }
    expect(await count(app, 'quote_requests')).toBe(0)
    expect(await count(app, 'contacts')).toBe(0)
    expect(await count(app, 'mail_outbox')).toBe(0)
    // A message keeps its line breaks and tabs.
    const ok = await postFrom(
      app,
      '/api/inbox/contacts',
      contactInput({ formToken, message: 'a\r\n\tb' }),
      nextIp(),
    )
    expect(ok.status).toBe(202)
  })

  it('takes the service from the admins’ list, matched without case, and requires one when there is a list', async () => {
    const app = await inboxApp()
    const { client: admin } = await signedIn(app, { role: 'admin' })
    await call(
      admin,
      'PATCH',
      '/api/admin/inbox-settings',
      {
        services: ['Web design', 'Hosting'],
      },
      200,
    )
    expect((await (await app.request('/api/inbox/form')).json()).services).toEqual(['Web design', 'Hosting'])

    const formToken = await openForm(app)
    const missing = await postFrom(app, '/api/inbox/quotes', quoteInput({ formToken }), nextIp())
    expect((await missing.json()).errors).toEqual({ service: ['Choose the service you are interested in.'] })
    const unknown = await postFrom(
      app,
      '/api/inbox/quotes',
      quoteInput({ formToken, service: 'Plumbing' }),
      nextIp(),
    )
    expect((await unknown.json()).errors).toEqual({ service: ['Choose one of the services listed.'] })
    const ok = await postFrom(
      app,
      '/api/inbox/quotes',
      quoteInput({ formToken, service: 'web DESIGN' }),
      nextIp(),
    )
    expect(ok.status).toBe(202)
    const row = await app.database.db.selectFrom('quote_requests').selectAll().executeTakeFirstOrThrow()
    expect(row.service).toBe('Web design')
  })
})
