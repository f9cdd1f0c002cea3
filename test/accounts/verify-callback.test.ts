import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { SmtpSink } from '../support/smtp-sink'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Where people go back to after signing up (docs/decisions/0140): the callbackUrl survives sign-up →
// the verification link → sign-in, and the link itself signs the person in. Only paths of this site
// are carried: anything else is dropped, never followed (no open redirect).
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

const ada = { first_name: 'Ada', last_name: 'Lovelace', password: 'analytical engine 1843' }
let counter = 0
const uniqueEmail = () => `back${++counter}.${Date.now()}@example.com`

async function verificationLink(t: TestApp, to: string, count = 1) {
  await t.mail.drainOnce()
  const mails = sink.received.filter((m) => m.envelope.to.includes(to))
  expect(mails.length).toBeGreaterThanOrEqual(count)
  const match = (mails.at(-1)?.text ?? '').match(/https?:\/\/\S+\/verify-email\?\S+/)
  if (!match) throw new Error(`no verification link for ${to}`)
  return new URL(match[0])
}

describe('callbackUrl through sign-up and verification', () => {
  it('carries the page to come back to in the verification link, and the link signs in', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email, callbackUrl: '/cart?step=pay' }, 202)
    const link = await verificationLink(t, email)
    expect(link.pathname).toBe('/verify-email')
    expect(link.searchParams.get('callbackUrl')).toBe('/cart?step=pay')

    const browser = new CookieClient(t.app)
    await call(browser, 'GET', '/api/me', undefined, 401)
    const verified = await call(browser, 'POST', '/api/accounts/verify-email', {
      token: link.searchParams.get('token')!,
    })
    expect(verified).toEqual({ status: 'verified', email, signed_in: true })
    expect(await call(browser, 'GET', '/api/me')).toMatchObject({ email, name: 'Ada Lovelace' })
    const sessions = await t.database.db.selectFrom('sessions').select('id').execute()
    expect(sessions).toHaveLength(1)
  })

  it('confirms a suspended account without signing it in', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email })
    const link = await verificationLink(t, email)
    await t.database.db.updateTable('users').set({ isRestricted: true }).where('email', '=', email).execute()
    const browser = new CookieClient(t.app)
    const verified = await call(browser, 'POST', '/api/accounts/verify-email', {
      token: link.searchParams.get('token')!,
    })
    expect(verified).toEqual({ status: 'verified', email, signed_in: false })
    await call(browser, 'GET', '/api/me', undefined, 401)
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(0)
  })

  it('keeps the callbackUrl when a new link is asked for', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email })
    expect((await verificationLink(t, email)).searchParams.get('callbackUrl')).toBeNull()
    await call(t, 'POST', '/api/accounts/resend-verification', { email, callbackUrl: '/shop' }, 202)
    expect((await verificationLink(t, email, 2)).searchParams.get('callbackUrl')).toBe('/shop')
  })

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/sign-in',
  ])('drops a callbackUrl that is not a page of this site: %s', async (callbackUrl) => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email, callbackUrl }, 202)
    const link = await verificationLink(t, email)
    expect(link.searchParams.get('callbackUrl')).toBeNull()
    expect(link.href).not.toContain('evil')
  })

  it('sends a signed-in person back to the callbackUrl, and never to another site', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } })
    const email = uniqueEmail()
    await call(t, 'POST', '/api/accounts/sign-up', { ...ada, email, callbackUrl: '/cart' })
    const link = await verificationLink(t, email)
    await call(t, 'POST', '/api/accounts/verify-email', { token: link.searchParams.get('token')! })
    for (const [callbackUrl, lands] of [
      ['/cart', 'http://localhost:3000/cart'],
      ['https://evil.example/steal', 'http://localhost:3000'],
    ] as const) {
      const client = new CookieClient(t.app)
      const csrfToken = await client.csrfToken()
      const res = await client.postForm('/api/auth/callback/credentials', {
        csrfToken,
        email,
        password: ada.password,
        callbackUrl,
      })
      expect(res.headers.get('location')?.startsWith(lands)).toBe(true)
      expect(res.headers.get('location')).not.toContain('evil')
    }
  })
})
