import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_ERROR_CODES } from '../../src/shared/contract/accounts'
import { CookieClient } from '../support/http-client'
import {
  OIDC_CALLBACK_URL,
  type OidcAccount,
  startOidcProvider,
  type TestOidcProvider,
} from '../support/oidc-provider'
import { insertUserWithPassword } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// External sign-in when the provider's claims are not what a new account needs: no e-mail, and a
// third-party picture. Against the real OpenID provider (test/support/oidc-provider.ts), as in
// oidc-signin.test.ts.

let idp: TestOidcProvider
beforeAll(async () => {
  idp = await startOidcProvider()
})
afterAll(async () => {
  await idp?.close()
})

let counter = 0
const uniqueSub = () => `edge-${Date.now().toString(36)}-${counter++}`

const oidcApp = () => createTestApp({ env: idp.env('Acme SSO') })

/** Our app → the provider's login as `sub` → our callback. Returns the callback's response. */
async function signInWithProvider(client: CookieClient, sub: string, callbackUrl = '/files') {
  const csrfToken = await client.csrfToken()
  const start = await client.postForm('/api/auth/signin/oidc', { csrfToken, callbackUrl })
  expect(start.status).toBe(302)
  const back = await idp.login(start.headers.get('location')!, sub)
  expect(back.origin + back.pathname).toBe(OIDC_CALLBACK_URL)
  return client.request(back.pathname + back.search)
}

const rows = (t: TestApp) => ({
  users: () => t.database.db.selectFrom('users').selectAll().execute(),
  accounts: () => t.database.db.selectFrom('accounts').selectAll().execute(),
  sessions: () => t.database.db.selectFrom('sessions').selectAll().execute(),
})

const REFUSED = 'http://localhost:3000/sign-in?error=AccessDenied&code=provider_email_missing'

describe('a provider that shares no e-mail address', () => {
  it('has its own sign-in error code', () => {
    expect(SIGN_IN_ERROR_CODES).toContain('provider_email_missing')
  })

  it.each<[string, Partial<OidcAccount>]>([
    ['no email claim', {}],
    ['an empty email claim', { email: '' }],
    ['a blank email claim', { email: '   ' }],
  ])('refuses a new person with %s: back to the sign-in page, nothing created', async (_label, claims) => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, given_name: 'Nemo', family_name: 'Nobody', email_verified: true, ...claims })
    const client = new CookieClient(t.app)

    const res = await signInWithProvider(client, sub)

    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(REFUSED)
    expect(client.jar.has('depot.session')).toBe(false)
    expect(await rows(t).users()).toEqual([])
    expect(await rows(t).accounts()).toEqual([])
    expect(await rows(t).sessions()).toEqual([])
    // An ordinary refusal: one info line, no error (Auth.js's `Configuration` was a crash in createUser).
    const auth = t.logs.lines.filter((l) => l.component === 'auth')
    expect(auth).toEqual([
      expect.objectContaining({
        level: 'info',
        event: 'provider_email_missing',
        provider: 'oidc',
        msg: 'sign-in refused',
      }),
    ])
    expect(t.logs.lines.filter((l) => l.level === 'error')).toEqual([])
  })

  it('still signs in a person already linked, whose provider has stopped sharing the e-mail', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true, given_name: 'Lin' })
    await signInWithProvider(new CookieClient(t.app), sub)
    const [user] = await rows(t).users()

    idp.setAccount({ sub, given_name: 'Lin' })
    const client = new CookieClient(t.app)
    const res = await signInWithProvider(client, sub)

    expect(res.headers.get('location')).toBe('http://localhost:3000/files')
    expect(await call(client, 'GET', '/api/me')).toMatchObject({
      id: user!.id,
      email: `${sub}@example.com`,
    })
    expect(await rows(t).users()).toHaveLength(1)
    expect(await rows(t).accounts()).toHaveLength(1)
  })

  it('can be connected to the signed-in user, whose e-mail is already ours', async () => {
    const t = await oidcApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.signIn(user.email, user.plainPassword)
    const sub = uniqueSub()
    idp.setAccount({ sub, given_name: 'Ada' })

    const res = await signInWithProvider(client, sub, '/profile')

    expect(res.headers.get('location')).toBe('http://localhost:3000/profile')
    const accounts = await rows(t).accounts()
    expect(accounts).toEqual([expect.objectContaining({ userId: user.id, providerAccountId: sub })])
    expect((await rows(t).users()).map((u) => u.email)).toEqual([user.email])
  })
})

describe("the provider's picture", () => {
  it('is never stored: a user created from claims with a picture has no image', async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({
      sub,
      email: `${sub}@example.com`,
      email_verified: true,
      given_name: 'Pia',
      picture: 'https://idp.example.com/pia.png',
    })
    const client = new CookieClient(t.app)
    expect((await signInWithProvider(client, sub)).headers.get('location')).toBe(
      'http://localhost:3000/files',
    )

    const [user, ...others] = await rows(t).users()
    expect(others).toEqual([])
    expect(user!.image).toBeNull()
    expect((await call(client, 'GET', '/api/me')).image).toBeNull()
    expect(t.logs.text).not.toContain('idp.example.com')
  })

  it("leaves the user's own avatar alone on later sign-ins", async () => {
    const t = await oidcApp()
    const sub = uniqueSub()
    idp.setAccount({ sub, email: `${sub}@example.com`, email_verified: true, given_name: 'Otto' })
    await signInWithProvider(new CookieClient(t.app), sub)
    const [user] = await rows(t).users()
    // As setAvatar (profile.service.ts) leaves it after an upload.
    const ownAvatar = `/api/users/${user!.id}/avatar?v=1`
    await t.database.db.updateTable('users').set({ image: ownAvatar }).where('id', '=', user!.id).execute()

    idp.setAccount({
      sub,
      email: `${sub}@example.com`,
      email_verified: true,
      given_name: 'Otto',
      picture: 'https://idp.example.com/otto.png',
    })
    const client = new CookieClient(t.app)
    await signInWithProvider(client, sub)

    expect((await rows(t).users()).map((u) => u.image)).toEqual([ownAvatar])
    expect((await call(client, 'GET', '/api/me')).image).toBe(ownAvatar)
  })
})
