import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { OIDC_CALLBACK_URL, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider'
import { insertUserWithPassword } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// External sign-in through a real OpenID provider (oidc-provider on 127.0.0.1): our app is called with
// app.request(); the browser's two hops — to the provider's authorization endpoint and back to our
// callback — are followed by the test. Auth.js itself fetches discovery, JWKS, token and userinfo over
// real HTTP.

let idp: TestOidcProvider
beforeAll(async () => {
  idp = await startOidcProvider()
})
afterAll(async () => {
  await idp?.close()
})

let counter = 0
const uniqueSub = () => `sub-${Date.now().toString(36)}-${counter++}`

async function oidcApp(): Promise<TestApp> {
  return createTestApp({ env: idp.env('Acme SSO') })
}

/** csrf → POST /api/auth/signin/oidc: returns our app's redirect to the provider. */
async function startSignIn(client: CookieClient, callbackUrl = '/files') {
  const csrfToken = await client.csrfToken()
  const res = await client.postForm('/api/auth/signin/oidc', { csrfToken, callbackUrl })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

/** The whole round trip: our app → provider login as `sub` → our callback. Returns the callback's response. */
async function signInWithProvider(client: CookieClient, sub: string, callbackUrl = '/files') {
  const authorize = await startSignIn(client, callbackUrl)
  const back = await idp.login(authorize.href, sub)
  expect(back.origin + back.pathname).toBe(OIDC_CALLBACK_URL)
  return client.request(back.pathname + back.search)
}

/** Why Auth.js refused, as our auth logger names the wrapped failure. */
const failureReasons = (t: TestApp) =>
  t.logs.lines.filter((l) => l.component === 'auth' && l.msg === 'auth error').map((l) => l.reason)

const rows = (t: TestApp) => ({
  users: () => t.database.db.selectFrom('users').selectAll().execute(),
  accounts: () => t.database.db.selectFrom('accounts').selectAll().execute(),
  sessions: () => t.database.db.selectFrom('sessions').selectAll().execute(),
  audit: (action: string) =>
    t.database.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute(),
})

describe('external OpenID Connect sign-in', () => {
  it('lists the generic provider under its configured name', async () => {
    const t = await oidcApp()
    const providers = await (await new CookieClient(t.app).request('/api/auth/providers')).json()
    expect(Object.keys(providers).sort()).toEqual(['credentials', 'oidc'])
    expect(providers.oidc).toEqual({
      id: 'oidc',
      name: 'Acme SSO',
      type: 'oidc',
      signinUrl: 'http://localhost:3000/api/auth/signin/oidc',
      callbackUrl: OIDC_CALLBACK_URL,
    })
  })

  it('walks the code flow with PKCE, state and nonce, creates the user once and reuses it', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({
      sub,
      email: 'Grace.Hopper@Example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Rear Admiral Grace Hopper',
      picture: 'https://idp.example.com/grace.png',
    })
    const client = new CookieClient(t.app)

    const authorize = await startSignIn(client)
    expect(authorize.origin).toBe(idp.issuer)
    expect(authorize.pathname).toBe('/auth')
    const q = authorize.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe(idp.clientId)
    expect(q.get('redirect_uri')).toBe(OIDC_CALLBACK_URL)
    expect(q.get('scope')).toBe('openid email profile')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('state')).toBeTruthy()
    expect(q.get('nonce')).toBeTruthy()
    expect(client.jar.has('depot.session')).toBe(false)

    const back = await idp.login(authorize.href, sub)
    expect(back.origin + back.pathname).toBe(OIDC_CALLBACK_URL)
    expect(back.searchParams.get('code')).toBeTruthy()
    expect(back.searchParams.get('state')).toBe(q.get('state'))

    const callback = await client.request(back.pathname + back.search)
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe('http://localhost:3000/files')
    expect(client.jar.has('depot.session')).toBe(true)

    const me = await call(client, 'GET', '/api/me', undefined, 200)
    const body = me
    expect(body).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      role: 'user',
      hasPassword: false,
    })

    const [user, ...moreUsers] = await rows(t).users()
    expect(moreUsers).toEqual([])
    expect(user!.id).toBe(body.id)
    expect(user!.emailVerified).not.toBeNull()
    expect(user!.password).toBeNull()
    const accounts = await rows(t).accounts()
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({
      userId: user!.id,
      provider: 'oidc',
      providerAccountId: sub,
      type: 'oidc',
    })
    expect(await rows(t).sessions()).toHaveLength(1)
    expect((await rows(t).audit('signin.success')).map((a) => a.actorId)).toEqual([user!.id])
    expect((await rows(t).audit('provider.linked')).map((a) => a.actorId)).toEqual([user!.id])

    // A second sign-in, from another browser, with the same subject: the same user, no duplicate.
    const again = new CookieClient(t.app)
    const second = await signInWithProvider(again, sub, '/')
    expect(second.headers.get('location')).toBe('http://localhost:3000/')
    expect((await call(again, 'GET', '/api/me')).id).toBe(user!.id)
    expect(await rows(t).users()).toHaveLength(1)
    expect(await rows(t).accounts()).toHaveLength(1)
    expect(await rows(t).sessions()).toHaveLength(2)
  })

  it('creates the user unverified when the provider says email_verified=false', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({
      sub,
      email: `${sub}@example.com`,
      email_verified: false,
      given_name: 'Alan',
      family_name: 'Turing',
    })
    const client = new CookieClient(t.app)
    const res = await signInWithProvider(client, sub)
    expect(res.headers.get('location')).toBe('http://localhost:3000/files')
    const [user] = await rows(t).users()
    expect(user).toMatchObject({ email: `${sub}@example.com`, first_name: 'Alan', last_name: 'Turing' })
    expect(user!.emailVerified).toBeNull()
  })

  it('never links silently to a password account with the same e-mail', async () => {
    const t = await oidcApp()
    const existing = await insertUserWithPassword(t.database.db)
    const sub = uniqueSub()
    idp.setAccount({ sub, email: existing.email.toUpperCase(), email_verified: true, given_name: 'Eve' })
    const client = new CookieClient(t.app)
    const res = await signInWithProvider(client, sub)
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('http://localhost:3000/sign-in')
    expect(location.searchParams.get('error')).toBe('OAuthAccountNotLinked')
    expect(client.jar.has('depot.session')).toBe(false)
    expect(await rows(t).accounts()).toEqual([])
    expect(await rows(t).sessions()).toEqual([])
    expect((await rows(t).users()).map((u) => u.id)).toEqual([existing.id])
  })

  it('connects the provider to the signed-in user from their profile, keeping their session', async () => {
    const t = await oidcApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.signIn(user.email, user.plainPassword)
    const cookieBefore = client.jar.get('depot.session')
    expect(cookieBefore).toBeTruthy()
    const [sessionBefore] = await rows(t).sessions()

    // Same e-mail at the provider: refused when signed out (above), linked when signed in.
    const sub = uniqueSub()
    idp.setAccount({
      sub,
      email: user.email,
      email_verified: true,
      given_name: 'Someone',
      family_name: 'Else',
    })
    const res = await signInWithProvider(client, sub, '/profile')
    expect(res.headers.get('location')).toBe('http://localhost:3000/profile')

    const accounts = await rows(t).accounts()
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({
      userId: user.id,
      provider: 'oidc',
      providerAccountId: sub,
      type: 'oidc',
    })
    expect((await rows(t).sessions()).map((s) => s.id)).toEqual([sessionBefore!.id])
    expect(client.jar.get('depot.session')).toBe(cookieBefore)
    expect(await call(client, 'GET', '/api/me')).toMatchObject({
      id: user.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      hasPassword: true,
    })
    const linked = await rows(t).audit('provider.linked')
    expect(linked).toHaveLength(1)
    expect(linked[0]).toMatchObject({ actorId: user.id })
    expect(JSON.parse(linked[0]!.details)).toEqual({ provider: 'oidc' })
    expect((await rows(t).users()).map((u) => u.id)).toEqual([user.id])

    // Afterwards, signing in through the provider alone reaches the same user.
    const elsewhere = new CookieClient(t.app)
    await signInWithProvider(elsewhere, sub)
    expect((await call(elsewhere, 'GET', '/api/me')).id).toBe(user.id)
  })

  it('refuses a restricted user coming back from the provider', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true, given_name: 'Rita' })
    await signInWithProvider(new CookieClient(t.app), sub)
    const [user] = await rows(t).users()
    await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', user!.id).execute()
    await t.database.db.deleteFrom('sessions').execute()

    const client = new CookieClient(t.app)
    const res = await signInWithProvider(client, sub)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      'http://localhost:3000/sign-in?error=AccessDenied&code=restricted',
    )
    expect(client.jar.has('depot.session')).toBe(false)
    expect(await rows(t).sessions()).toEqual([])
  })

  it('refuses a tampered state without a session', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true })
    const client = new CookieClient(t.app)
    const authorize = await startSignIn(client)
    const back = await idp.login(authorize.href, sub)
    const state = back.searchParams.get('state')!
    back.searchParams.set('state', `${state.slice(0, -4)}${state.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`)

    const res = await client.request(back.pathname + back.search)
    expect(res.status).toBe(302)
    // Auth.js sends every failure that is not "client safe" to the error page as Configuration.
    expect(res.headers.get('location')).toBe('http://localhost:3000/sign-in?error=Configuration')
    expect(failureReasons(t)).toEqual([
      {
        name: 'OperationProcessingError',
        message: 'unexpected "state" response parameter value',
        code: 'OAUTH_INVALID_RESPONSE',
      },
    ])
    expect(client.jar.has('depot.session')).toBe(false)
    expect(await rows(t).users()).toEqual([])
    expect(await rows(t).sessions()).toEqual([])
    expect(t.logs.text).not.toContain(back.searchParams.get('code'))
  })

  it('refuses a replayed authorization code without a session', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true })
    const client = new CookieClient(t.app)
    const authorize = await startSignIn(client)
    const back = await idp.login(authorize.href, sub)
    const checkCookies = new Map(client.jar)
    const first = await client.request(back.pathname + back.search)
    expect(first.headers.get('location')).toBe('http://localhost:3000/files')
    const sessionsAfterFirst = (await rows(t).sessions()).map((s) => s.id)
    expect(sessionsAfterFirst).toHaveLength(1)

    // Someone who captured the browser's check cookies (state, PKCE verifier, nonce) and the
    // redirect replays both: the provider refuses a code used twice.
    const replayer = new CookieClient(t.app)
    for (const [name, value] of checkCookies) replayer.jar.set(name, value)
    const res = await replayer.request(back.pathname + back.search)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('http://localhost:3000/sign-in?error=Configuration')
    expect(failureReasons(t)).toEqual([
      {
        name: 'ResponseBodyError',
        message: 'server responded with an error in the response body',
        code: 'invalid_grant',
      },
    ])
    expect(replayer.jar.has('depot.session')).toBe(false)
    expect((await rows(t).sessions()).map((s) => s.id)).toEqual(sessionsAfterFirst)
  })

  it("refuses a code injected into another browser's flow (PKCE binds the code to its browser)", async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true })
    const victim = new CookieClient(t.app)
    const victimAuthorize = await startSignIn(victim)
    const attacker = new CookieClient(t.app)
    const attackerBack = await idp.login((await startSignIn(attacker)).href, sub)

    // The attacker's code, with the victim's own state so the state check passes.
    const injected = new URL(attackerBack)
    injected.searchParams.set('state', victimAuthorize.searchParams.get('state')!)
    const res = await victim.request(injected.pathname + injected.search)
    expect(res.headers.get('location')).toBe('http://localhost:3000/sign-in?error=Configuration')
    expect(failureReasons(t)).toEqual([
      {
        name: 'ResponseBodyError',
        message: 'server responded with an error in the response body',
        code: 'invalid_grant',
      },
    ])
    expect(victim.jar.has('depot.session')).toBe(false)
    expect(await rows(t).users()).toEqual([])
    expect(await rows(t).sessions()).toEqual([])
  })

  it('sends a user who cancels at the provider back to the sign-in page', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true })
    const client = new CookieClient(t.app)
    const back = await idp.login((await startSignIn(client)).href, sub, { cancel: true })
    expect(back.searchParams.get('error')).toBe('access_denied')
    const res = await client.request(back.pathname + back.search)
    expect(res.headers.get('location')).toBe('http://localhost:3000/sign-in?error=OAuthCallbackError')
    expect(client.jar.has('depot.session')).toBe(false)
    expect(await rows(t).users()).toEqual([])
  })
})
