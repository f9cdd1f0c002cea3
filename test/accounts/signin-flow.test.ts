import { describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Auth.js's standard calls, driven as a plain HTTP client with a cookie jar would.

describe('sign-in through the Auth.js endpoints', () => {
  it('walks csrf → callback/credentials → session → signout, and a replayed cookie is then refused', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)

    const providers = await (await client.request('/api/auth/providers')).json()
    expect(Object.keys(providers)).toEqual(['credentials'])

    const signIn = await client.signIn(user.email, user.plainPassword)
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('location')).toBe('http://localhost:3000/')
    expect(client.jar.has('depot.session')).toBe(true)
    const copiedCookie = client.jar.get('depot.session')!
    expect(copiedCookie.length).toBeGreaterThan(40)
    expect(copiedCookie).not.toContain('.') // an opaque token, not a JWT

    const session = await (await client.request('/api/auth/session')).json()
    expect(session.user).toMatchObject({ id: user.id, email: user.email, role: 'user', staffFunctions: [] })
    const me = await call(client, 'GET', '/api/me', undefined, 200)
    expect(me).toMatchObject({ id: user.id, name: 'Ada Lovelace' })

    const csrfToken = await client.csrfToken()
    const signOut = await client.postForm('/api/auth/signout', { csrfToken, callbackUrl: '/' })
    expect(signOut.status).toBe(302)
    expect(client.jar.has('depot.session')).toBe(false)
    await call(client, 'GET', '/api/me', undefined, 401)

    // The copied cookie, replayed after sign-out, signs nobody in.
    const replay = await t.app.request('/api/me', { headers: { Cookie: `depot.session=${copiedCookie}` } })
    expect(replay.status).toBe(401)
    expect((await replay.json()).code).toBe('unauthenticated')
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute()
    expect(rows).toEqual([])
  })

  it('accepts JSON bodies and returns the redirect as JSON when asked (X-Auth-Return-Redirect)', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    const csrfToken = await client.csrfToken()
    const res = await client.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Return-Redirect': '1' },
      body: JSON.stringify({
        csrfToken,
        email: user.email.toUpperCase(),
        password: user.plainPassword,
        callbackUrl: '/files',
      }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: 'http://localhost:3000/files' })
    await call(client, 'GET', '/api/me', undefined, 200)
  })

  it('refuses a POST without the Auth.js csrfToken', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.csrfToken() // cookie without the matching form field
    const res = await client.postForm('/api/auth/callback/credentials', {
      email: user.email,
      password: user.plainPassword,
    })
    expect(res.headers.get('location')).toContain('error=MissingCSRF')
    expect(client.jar.has('depot.session')).toBe(false)
  })

  it.each([
    ['a wrong password', {}, 'wrong password!', 'invalid_credentials'],
    ['an unknown e-mail', { email: 'nobody@example.com' }, 'whatever1', 'invalid_credentials'],
    ['an unverified account', { emailVerified: null }, undefined, 'email_not_verified'],
    ['a restricted account', { isRestricted: true }, undefined, 'restricted'],
  ])('refuses %s with a clear code', async (_label, overrides, password, code) => {
    const t = await createTestApp()
    const { email: overrideEmail, ...rest } = overrides as { email?: string }
    const user = await insertUserWithPassword(t.database.db, undefined, rest)
    const client = new CookieClient(t.app)
    const res = await client.signIn(overrideEmail ?? user.email, password ?? user.plainPassword)
    const location = new URL(res.headers.get('location')!)
    expect(location.pathname).toBe('/sign-in')
    expect(location.searchParams.get('error')).toBe('CredentialsSignin')
    expect(location.searchParams.get('code')).toBe(code)
    expect(client.jar.has('depot.session')).toBe(false)
  })

  it('never writes the password, the session token or the cookie into the logs', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db, 'a very particular secret')
    const client = new CookieClient(t.app)
    await client.signIn(user.email, 'a very particular secret')
    await call(client, 'GET', '/api/me')
    await client.signIn(user.email, 'another particular secret')
    const token = client.jar.get('depot.session')!
    expect(t.logs.text).not.toContain('particular secret')
    expect(t.logs.text).not.toContain(token)
  })
})

describe('sessions are re-checked on every request', () => {
  it('restricting a signed-in user makes their next API call 401 and ends their sessions', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.signIn(user.email, user.plainPassword)
    await call(client, 'GET', '/api/me', undefined, 200)
    await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', user.id).execute()
    await call(client, 'GET', '/api/me', undefined, 401)
  })

  it('a role change shows on the next call', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.signIn(user.email, user.plainPassword)
    await t.database.db
      .updateTable('users')
      .set({ role: 'staff', staffFunctions: JSON.stringify(['AccessShop']) })
      .where('id', '=', user.id)
      .execute()
    expect(await call(client, 'GET', '/api/me')).toMatchObject({
      role: 'staff',
      staffFunctions: ['AccessShop'],
    })
  })

  it('ends a session after the idle timeout and after its absolute lifetime', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const idle = new CookieClient(t.app)
    await idle.signIn(user.email, user.plainPassword)
    t.clock.advance(6 * 24 * 3600_000)
    await call(idle, 'GET', '/api/me', undefined, 200) // activity resets the idle clock
    t.clock.advance(6 * 24 * 3600_000)
    await call(idle, 'GET', '/api/me', undefined, 200)
    t.clock.advance(7 * 24 * 3600_000 + 1000)
    await call(idle, 'GET', '/api/me', undefined, 401)

    const busy = new CookieClient(t.app)
    await busy.signIn(user.email, user.plainPassword)
    for (let day = 0; day < 31; day += 3) {
      t.clock.advance(3 * 24 * 3600_000)
      const status = (await busy.json('/api/me')).status
      expect(status).toBe(day + 3 < 30 ? 200 : 401) // at exactly 30 days it has ended
    }
  })

  it('lists the user’s sessions and ends one of them; another user’s session id is not found', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const laptop = new CookieClient(t.app)
    const phone = new CookieClient(t.app)
    await laptop.signIn(user.email, user.plainPassword)
    await phone.request('/api/auth/csrf')
    await phone.postForm(
      '/api/auth/callback/credentials',
      { csrfToken: await phone.csrfToken(), email: user.email, password: user.plainPassword },
      { 'User-Agent': 'PhoneBrowser/1.0' },
    )
    const list = await call(laptop, 'GET', '/api/me/sessions')
    expect(list).toHaveLength(2)
    const phoneSession = list.find((s: { userAgent: string | null }) => s.userAgent === 'PhoneBrowser/1.0')!
    expect(phoneSession.current).toBe(false)
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1)

    await call(laptop, 'DELETE', `/api/me/sessions/${phoneSession.id}`, undefined, 204)
    await call(phone, 'GET', '/api/me', undefined, 401)
    await call(laptop, 'GET', '/api/me', undefined, 200)

    const other = await insertUserWithPassword(t.database.db)
    const stranger = new CookieClient(t.app)
    await stranger.signIn(other.email, other.plainPassword)
    const mine = (await call(laptop, 'GET', '/api/me/sessions'))[0]!.id
    await call(stranger, 'DELETE', `/api/me/sessions/${mine}`, undefined, 404)
    await call(laptop, 'GET', '/api/me', undefined, 200)
  })

  it('signs the user out of every other session and keeps this one and other people’s', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const [laptop, phone, tablet] = [
      new CookieClient(t.app),
      new CookieClient(t.app),
      new CookieClient(t.app),
    ]
    for (const device of [laptop, phone, tablet]) await device.signIn(user.email, user.plainPassword)
    const other = await insertUserWithPassword(t.database.db)
    const stranger = new CookieClient(t.app)
    await stranger.signIn(other.email, other.plainPassword)

    expect(await call(laptop, 'POST', '/api/me/sessions/sign-out-others', undefined, 200)).toEqual({
      ended: 2,
    })
    await call(phone, 'GET', '/api/me', undefined, 401)
    await call(tablet, 'GET', '/api/me', undefined, 401)
    await call(laptop, 'GET', '/api/me', undefined, 200)
    await call(stranger, 'GET', '/api/me', undefined, 200)
    expect(await call(laptop, 'GET', '/api/me/sessions')).toHaveLength(1)
    // Nothing left to end, and nobody signed out may ask.
    expect(await call(laptop, 'POST', '/api/me/sessions/sign-out-others', undefined, 200)).toEqual({
      ended: 0,
    })
    await call(phone, 'POST', '/api/me/sessions/sign-out-others', undefined, 401)
  })
})

describe('throttling failed sign-ins', () => {
  it('refuses the sixth rapid failure, even with the right password, and recovers after the window', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    for (let i = 0; i < 5; i++) {
      const res = await client.signIn(user.email, `wrong-${i}-password`)
      expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBe('invalid_credentials')
    }
    const sixth = await client.signIn(user.email, user.plainPassword)
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await sixth.json()).code).toBe('rate_limited')
    expect(client.jar.has('depot.session')).toBe(false)

    t.clock.advance(15 * 60_000 + 1000)
    const later = await client.signIn(user.email, user.plainPassword)
    expect(later.headers.get('location')).toBe('http://localhost:3000/')
    await call(client, 'GET', '/api/me', undefined, 200)
  })

  it('records sign-ins and failures in the audit log without secrets', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.signIn(user.email, 'not the password')
    await client.signIn(user.email, user.plainPassword)
    const events = await t.database.db.selectFrom('audit_events').selectAll().orderBy('id').execute()
    expect(events.map((e) => e.action)).toEqual(['signin.failure', 'signin.success'])
    expect(events[0]).toMatchObject({ actorId: user.id, actorEmail: user.email })
    expect(JSON.stringify(events)).not.toContain('not the password')
  })
})
