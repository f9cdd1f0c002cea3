import { describe, expect, it } from 'vitest'
import {
  describeError,
  enqueueMail,
  passwordReset,
  signupAttemptOnExistingAccount,
  verifyEmail,
} from '../../src/server/features/mail'
import { endSentence, startsWithGreeting } from '../../src/server/features/mail/templates/layout'
import { createTestApp } from '../support/test-app'
import { BRAND } from './support/mail-fixture'

const LINK = 'https://depot.example.com/verify-email?token=abc&x=1'

describe('mail templates', () => {
  it('verifyEmail greets, gives the link, says it expires in 24 hours and can be ignored', () => {
    const mail = verifyEmail(BRAND, { firstname: 'Ada', link: LINK })
    expect(mail.template).toBe('verify-email')
    expect(mail.subject).toBe('Confirm your e-mail address for Depot')
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hi Ada,')
      expect(body).toMatch(/confirm your e-mail address/i)
      expect(body).toContain('24 hours')
      expect(body).toContain('didn’t sign up')
      expect(body).toContain('12 Marina Road') // the business address in the footer
      expect(body).toContain('Lagos, Nigeria')
    }
    expect(mail.text).toContain(`\n${LINK}\n`) // on its own line, clickable in any client
    expect(mail.html).toContain('href="https://depot.example.com/verify-email?token=abc&amp;x=1"')
    expect(mail.html).toContain('12 Marina Road<br>Lagos, Nigeria')
    expect(mail.html).toMatch(/^<!doctype html>/)
  })

  it('escapes every interpolated value in HTML and keeps the text version literal', () => {
    const firstname = '<script>alert("x")</script>'
    const brand = { ...BRAND, name: 'A&B "Depot"' }
    for (const mail of [
      verifyEmail(brand, { firstname, link: LINK }),
      passwordReset(brand, { firstname, link: LINK }),
      signupAttemptOnExistingAccount(brand, { firstname, signInLink: LINK, resetLink: LINK }),
    ]) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
      expect(mail.html).toContain('A&amp;B &quot;Depot&quot;')
      expect(mail.text).toContain(`Hi ${firstname},`)
    }
  })

  it('never puts CR/LF in a subject, and keeps a name on one line', () => {
    const brand = { ...BRAND, name: 'Depot\r\nBcc: eve@example.com' }
    const mails = [
      verifyEmail(brand, { firstname: 'Ada\r\n\r\nhttps://evil.test', link: LINK }),
      passwordReset(brand, { firstname: 'Ada', link: LINK }),
      signupAttemptOnExistingAccount(brand, { firstname: 'Ada', signInLink: LINK, resetLink: LINK }),
    ]
    for (const mail of mails) expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mails[0]!.subject).toBe('Confirm your e-mail address for Depot Bcc: eve@example.com')
    expect(mails[0]!.text).toContain('Hi Ada https://evil.test,\n')
  })

  it('greets without a name when there is none', () => {
    expect(verifyEmail(BRAND, { firstname: null, link: LINK }).text).toMatch(/^Hi,\n/)
    expect(verifyEmail(BRAND, { firstname: '  ', link: LINK }).text).toMatch(/^Hi,\n/)
  })

  it('refuses links that are not absolute http(s) URLs', () => {
    expect(() => verifyEmail(BRAND, { firstname: 'Ada', link: 'javascript:alert(1)' })).toThrow(/http/)
    expect(() => verifyEmail(BRAND, { firstname: 'Ada', link: '/verify?token=1' })).toThrow(/http/)
  })

  it('passwordReset and signupAttemptOnExistingAccount carry their links and say what to do if it was not you', () => {
    const reset = passwordReset(BRAND, { firstname: 'Ada', link: 'https://depot.example.com/reset?t=1' })
    expect(reset.template).toBe('password-reset')
    expect(reset.subject).toBe('Reset your Depot password')
    expect(reset.text).toContain('https://depot.example.com/reset?t=1')
    expect(reset.text).toContain('24 hours')
    expect(reset.text).toContain('didn’t ask')
    expect(passwordReset(BRAND, { firstname: 'Ada', link: LINK, expiresInHours: 1 }).text).toContain(
      '1 hour ',
    )

    const existing = signupAttemptOnExistingAccount(BRAND, {
      firstname: 'Ada',
      signInLink: 'https://depot.example.com/sign-in',
      resetLink: 'https://depot.example.com/forgot-password',
    })
    expect(existing.template).toBe('signup-attempt-on-existing-account')
    expect(existing.subject).toBe('You already have a Depot account')
    for (const body of [existing.text, existing.html]) {
      expect(body).toContain('https://depot.example.com/sign-in')
      expect(body).toContain('https://depot.example.com/forgot-password')
      expect(body).toContain('If this wasn’t you')
    }
  })
})

describe('enqueueMail input checks', () => {
  it('strips CR/LF from subjects and refuses structural or malformed headers and addresses', async () => {
    const t = await createTestApp()
    const base = { to: 'ada@example.com', ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }) }
    const { id } = await enqueueMail(t.database.db, { ...base, subject: 'Hi\r\nBcc: x@y.z' }, t.clock.now)
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'status', 'attempts', 'next_attempt_at', 'created_at', 'headers'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      subject: 'Hi Bcc: x@y.z',
      status: 'pending',
      attempts: 0,
      next_attempt_at: t.clock.now.toISOString(),
      created_at: t.clock.now.toISOString(),
      headers: '{}',
    })

    const now = t.clock.now
    await expect(enqueueMail(t.database.db, { ...base, headers: { Bcc: 'x@y.z' } }, now)).rejects.toThrow()
    await expect(
      enqueueMail(t.database.db, { ...base, headers: { 'Content-Type': 'text/plain' } }, now),
    ).rejects.toThrow()
    await expect(enqueueMail(t.database.db, { ...base, headers: { 'X-A\nB': '1' } }, now)).rejects.toThrow()
    await expect(
      enqueueMail(t.database.db, { ...base, to: 'ada@example.com\nBcc: x@y.z' }, now),
    ).rejects.toThrow()
    await expect(enqueueMail(t.database.db, { ...base, to: 'nobody' }, now)).rejects.toThrow()
  })

  it('describes an error for storage without credentials or line breaks', () => {
    const error = Object.assign(new Error('connect to smtp://ada:hunter2@mail.test failed\nat line 2'), {
      code: 'ECONNECTION',
    })
    expect(describeError(error, ['s3cret'])).toBe(
      'ECONNECTION connect to smtp://[redacted]@mail.test failed at line 2',
    )
    expect(describeError(new Error('bad s3cret here'), ['s3cret'])).toBe('bad [redacted] here')
    expect(describeError('x'.repeat(2000)).length).toBe(500)
  })
})

describe('the words around names', () => {
  it('ends a sentence with a name once, even when the name ends one', () => {
    expect(endSentence('We sent it to Acme')).toBe('We sent it to Acme.')
    expect(endSentence('We sent it to Acme Ltd.')).toBe('We sent it to Acme Ltd.')
    expect(endSentence('We sent it to Yahoo!')).toBe('We sent it to Yahoo!')
    expect(endSentence('Thanks, Ada O.')).toBe('Thanks, Ada O.')
    expect(endSentence('Is it “Who?”')).toBe('Is it “Who?”')
  })

  it('knows a reply that greets on its own', () => {
    for (const greets of [
      'Hi Ada,',
      'Hello,\nthanks',
      'Dear Mr Babbage',
      'Good morning, Ada',
      '  hey Ada!',
      'Hi, thanks',
    ]) {
      expect(startsWithGreeting(greets), greets).toBe(true)
    }
    for (const plain of [
      'Thanks for asking.',
      'History of engines',
      'Hit the button',
      'Hi',
      'Hello\nAda',
      'Goodbye',
    ]) {
      expect(startsWithGreeting(plain), plain).toBe(false)
    }
  })
})
