import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECK_EMAIL_MESSAGE } from '../../src/shared/contract/accounts'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { SmtpSink } from '../support/smtp-sink'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Sign-up, verification and passwords, with real mail received by an SMTP server on loopback.
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

const newApp = () => createTestApp({ env: { SMTP_URL: sink.url } })
const ada = { first_name: 'Ada', last_name: 'Lovelace', password: 'analytical engine 1843' }
let counter = 0
const uniqueEmail = () => `person${++counter}.${Date.now()}@example.com`

async function mailTo(t: TestApp, to: string, subject?: RegExp) {
  await t.mail.drainOnce()
  const mail = sink.received
    .filter((m) => m.envelope.to.includes(to) && (!subject || subject.test(m.headers.get('subject') ?? '')))
    .at(-1)
  if (!mail) throw new Error(`no mail for ${to}`)
  return { subject: mail.headers.get('subject') ?? '', text: mail.text ?? '', html: mail.html ?? '' }
}
const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([A-Za-z0-9_-]+)`))
  if (!match) throw new Error(`no ${path} link in:\n${text}`)
  return match[1]!
}

describe('sign-up and e-mail verification', () => {
  it('signs up, mails a greeting with a single-use link, verifies, then signs in', async () => {
    const t = await newApp()
    const email = uniqueEmail()
    const client = new CookieClient(t.app)
    const res = await call(client, 'POST', '/api/accounts/sign-up', { ...ada, email }, 202)
    expect(res).toEqual({ status: 'check_email', message: CHECK_EMAIL_MESSAGE })

    const mail = await mailTo(t, email)
    expect(mail.subject).toContain('Confirm your e-mail address')
    expect(mail.text).toContain('Hi Ada')
    const token = linkIn(mail.text, '/verify-email')
    const stored = await t.database.db.selectFrom('verification_tokens').selectAll().execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.token).not.toBe(token) // only the hash is kept
    expect(stored[0]).toMatchObject({ email, firstname: 'Ada', purpose: 'verify_email' })

    const before = await client.signIn(email, ada.password)
    expect(new URL(before.headers.get('location')!).searchParams.get('code')).toBe('email_not_verified')

    const verified = await call(client, 'POST', '/api/accounts/verify-email', { token }, 200)
    expect(verified).toEqual({ status: 'verified', email, signed_in: true })
    const again = await call(client, 'POST', '/api/accounts/verify-email', { token }, 400)
    expect(again.code).toBe('invalid_token')

    expect((await client.signIn(email, ada.password)).headers.get('location')).toBe('http://localhost:3000/')
    expect(await call(client, 'GET', '/api/me')).toMatchObject({
      email,
      name: 'Ada Lovelace',
      account_type: 'individual',
    })
  })

  it('refuses an expired verification link', async () => {
    const t = await newApp()
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email })
    const token = linkIn((await mailTo(t, email)).text, '/verify-email')
    t.clock.advance(24 * 3600_000 + 1000)
    await call(t, 'POST', '/api/accounts/verify-email', { token }, 400)
  })

  it('requires business name and industry for a corporate account, with a message per field', async () => {
    const t = await newApp()
    const res = await call(
      t,
      'POST',
      '/api/accounts/sign-up',
      { ...ada, email: uniqueEmail(), account_type: 'corporate' },
      422,
    )
    expect(res.errors).toEqual({
      business_name: ['Enter your business name'],
      industry: ['Enter your industry'],
    })
    await call(
      t,
      'POST',
      '/api/accounts/sign-up',
      {
        ...ada,
        email: uniqueEmail(),
        account_type: 'corporate',
        business_name: 'Acme Ltd',
        industry: 'Retail',
      },
      202,
    )
  })

  it.each([
    [{ password: 'short' }, 'password', 'Use at least 8 characters'],
    [{ password: 'x'.repeat(257) }, 'password', 'Use at most 256 characters'],
    [
      { password: 'Password123' },
      'password',
      'This password is too common. Choose one that is harder to guess.',
    ],
    [{ email: 'nope' }, 'email', 'Enter a valid e-mail address'],
    [{ first_name: '  ' }, 'first_name', 'Enter your first name'],
    [{ last_name: 'Love\r\nBcc: x@evil.example' }, 'last_name', 'Your last name cannot contain line breaks'],
  ])('explains a bad field (%j)', async (override, field, message) => {
    const t = await newApp()
    const res = await call(
      t,
      'POST',
      '/api/accounts/sign-up',
      { ...ada, email: uniqueEmail(), ...override },
      422,
    )
    expect(res.errors![field]).toEqual([message])
  })

  it('keeps a password exactly as typed: spaces are not trimmed', async () => {
    const t = await newApp()
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email, password: '  spaced out  ' })
    const token = linkIn((await mailTo(t, email)).text, '/verify-email')
    await call(t, 'POST', '/api/accounts/verify-email', { token })
    const client = new CookieClient(t.app)
    expect(
      new URL((await client.signIn(email, 'spaced out')).headers.get('location')!).searchParams.get('code'),
    ).toBe('invalid_credentials')
    expect((await client.signIn(email, '  spaced out  ')).headers.get('location')).toBe(
      'http://localhost:3000/',
    )
  })
})

describe('no account enumeration', () => {
  async function pair(t: TestApp, path: string, known: string, unknown: string, extra: object = {}) {
    const a = await t.request(path, { method: 'POST', body: { ...extra, email: known } })
    const b = await t.request(path, { method: 'POST', body: { ...extra, email: unknown } })
    return { a: { status: a.status, body: await a.text() }, b: { status: b.status, body: await b.text() } }
  }

  it('answers sign-up, resend and forgot-password identically for known and unknown addresses', async () => {
    const t = await newApp()
    const known = await insertUserWithPassword(t.database.db, 'known user password')
    const unverified = await insertUserWithPassword(t.database.db, 'unverified password', {
      emailVerified: null,
    })
    for (const [path, k, extra] of [
      ['/api/accounts/sign-up', known.email, ada],
      ['/api/accounts/resend-verification', unverified.email, {}],
      ['/api/accounts/forgot-password', known.email, {}],
    ] as const) {
      const { a, b } = await pair(t, path, k, uniqueEmail(), extra)
      expect(a, path).toEqual(b)
      expect(a.status).toBe(202)
    }
    // The registered address is told, by mail only, that someone tried to sign up.
    const notice = await mailTo(t, known.email, /already have/)
    expect(notice.subject).toBe('You already have a Depot account')
    expect(notice.text).toContain('http://localhost:3000/forgot-password')
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', '=', known.email).execute(),
    ).toHaveLength(1)
  })

  it('limits mails per address (429 with Retry-After) whether or not it is registered', async () => {
    const t = await newApp()
    const email = uniqueEmail()
    for (let i = 0; i < 3; i++) {
      await call(t, 'POST', '/api/accounts/forgot-password', { email }, 202)
    }
    const fourth = await t.request('/api/accounts/forgot-password', { method: 'POST', body: { email } })
    expect(fourth.status).toBe(429)
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0)
    t.clock.advance(3600_000 + 1000)
    await call(t, 'POST', '/api/accounts/forgot-password', { email }, 202)
  })
})

describe('passwords', () => {
  it('a reset by e-mail token sets the password and ends every session', async () => {
    const t = await newApp()
    const user = await insertUserWithPassword(t.database.db, 'old password value')
    const laptop = new CookieClient(t.app)
    const phone = new CookieClient(t.app)
    await laptop.signIn(user.email, 'old password value')
    await phone.signIn(user.email, 'old password value')

    await call(t, 'POST', '/api/accounts/forgot-password', { email: user.email })
    const token = linkIn((await mailTo(t, user.email)).text, '/reset-password')
    await call(t, 'POST', '/api/accounts/reset-password', { token, password: 'brand new password' }, 204)

    await call(laptop, 'GET', '/api/me', undefined, 401)
    await call(phone, 'GET', '/api/me', undefined, 401)
    expect(
      new URL(
        (await laptop.signIn(user.email, 'old password value')).headers.get('location')!,
      ).searchParams.get('code'),
    ).toBe('invalid_credentials')
    expect((await laptop.signIn(user.email, 'brand new password')).headers.get('location')).toBe(
      'http://localhost:3000/',
    )
    await call(t, 'POST', '/api/accounts/reset-password', { token, password: 'another new password' }, 400)
  })

  it('a reset link expires after an hour', async () => {
    const t = await newApp()
    const user = await insertUserWithPassword(t.database.db)
    await call(t, 'POST', '/api/accounts/forgot-password', { email: user.email })
    const mail = await mailTo(t, user.email)
    expect(mail.text).toContain('This link expires in 1 hour')
    const token = linkIn(mail.text, '/reset-password')
    t.clock.advance(3600_000 + 1000)
    await call(t, 'POST', '/api/accounts/reset-password', { token, password: 'brand new password' }, 400)
  })

  it('changing the password needs the current one and ends the other sessions only', async () => {
    const t = await newApp()
    const user = await insertUserWithPassword(t.database.db, 'current password!')
    const here = new CookieClient(t.app)
    const elsewhere = new CookieClient(t.app)
    await here.signIn(user.email, 'current password!')
    await elsewhere.signIn(user.email, 'current password!')

    const wrong = await call(
      here,
      'POST',
      '/api/me/password',
      {
        currentPassword: 'guess',
        newPassword: 'a new password!',
      },
      422,
    )
    expect(wrong.errors).toEqual({ currentPassword: ['That is not your current password'] })

    await call(
      here,
      'POST',
      '/api/me/password',
      {
        currentPassword: 'current password!',
        newPassword: 'a new password!',
      },
      204,
    )
    await call(here, 'GET', '/api/me', undefined, 200)
    await call(elsewhere, 'GET', '/api/me', undefined, 401)
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'password.changed')
      .execute()
    expect(audit).toHaveLength(1)
  })
})
