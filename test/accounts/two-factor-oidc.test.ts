import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { OIDC_CALLBACK_URL, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// An account with two-factor sign-in that signs in through an OpenID provider still needs its code
// (docs/decisions/0044): the provider's sign-in stops before any session and hands the sign-in page
// a short-lived ticket, which the credentials callback takes with the code.

let idp: TestOidcProvider
beforeAll(async () => {
  idp = await startOidcProvider()
})
afterAll(async () => {
  await idp?.close()
})

const codeAt = (secret: string, t: TestApp) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now.getTime() })

async function providerSignIn(client: CookieClient, sub: string) {
  const csrfToken = await client.csrfToken()
  const start = await client.postForm('/api/auth/signin/oidc', { csrfToken, callbackUrl: '/files' })
  const back = await idp.login(start.headers.get('location')!, sub)
  expect(back.origin + back.pathname).toBe(OIDC_CALLBACK_URL)
  return client.request(back.pathname + back.search)
}

async function ticketSignIn(client: CookieClient, fields: Record<string, string>) {
  const csrfToken = await client.csrfToken()
  const res = await client.postForm('/api/auth/callback/credentials', {
    csrfToken,
    ...fields,
    callbackUrl: '/',
  })
  return new URL(res.headers.get('location')!).searchParams.get('code')
}

describe('two-factor sign-in through an identity provider', () => {
  it('asks for the code after the provider, and signs in only with the ticket and a right code', async () => {
    const t = await createTestApp({ env: idp.env('Acme SSO') })
    const sub = `sub-2fa-${Date.now().toString(36)}`
    idp.setAccount({
      sub,
      email: 'grace@example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'H',
    })

    // First sign-in creates the account; it then turns two-factor sign-in on.
    const first = new CookieClient(t.app)
    expect((await providerSignIn(first, sub)).headers.get('location')).toBe('http://localhost:3000/files')
    const setup = await call(first, 'POST', '/api/me/two-factor/setup')
    await call(first, 'POST', '/api/me/two-factor/enable', { code: codeAt(setup.secret, t) }, 200)
    const sessionsBefore = (await t.database.db.selectFrom('sessions').selectAll().execute()).length

    const client = new CookieClient(t.app)
    const back = await providerSignIn(client, sub)
    const location = new URL(back.headers.get('location')!)
    expect(location.pathname).toBe('/sign-in')
    expect(location.searchParams.get('code')).toBe('two_factor_required')
    const ticket = location.searchParams.get('ticket')!
    expect(ticket).toBeTruthy()
    expect(client.jar.has('depot.session')).toBe(false)
    expect((await t.database.db.selectFrom('sessions').selectAll().execute()).length).toBe(sessionsBefore)

    // The ticket alone, or with a wrong code, or a forged one: no session.
    expect(await ticketSignIn(client, { ticket })).toBe('two_factor_required')
    expect(await ticketSignIn(client, { ticket, code: '000000' })).toBe('two_factor_invalid')
    // One character changed inside the signature (not its last, whose low bits may be padding).
    const forged = `${ticket.slice(0, -10)}${ticket.at(-10) === 'A' ? 'B' : 'A'}${ticket.slice(-9)}`
    expect(await ticketSignIn(client, { ticket: forged, code: '000000' })).toBe('two_factor_expired')
    expect(client.jar.has('depot.session')).toBe(false)

    t.clock.advance(30_000)
    expect(await ticketSignIn(client, { ticket, code: codeAt(setup.secret, t) })).toBeNull()
    expect(client.jar.has('depot.session')).toBe(true)
    expect((await call(client, 'GET', '/api/me')).email).toBe('grace@example.com')

    // A ticket is good for five minutes.
    const late = new CookieClient(t.app)
    const again = new URL((await providerSignIn(late, sub)).headers.get('location')!)
    t.clock.advance(6 * 60_000)
    expect(
      await ticketSignIn(late, { ticket: again.searchParams.get('ticket')!, code: codeAt(setup.secret, t) }),
    ).toBe('two_factor_expired')
    expect(late.jar.has('depot.session')).toBe(false)
  })
})
