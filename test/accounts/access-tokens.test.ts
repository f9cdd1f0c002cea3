import { beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../src/server/features/admin/admin-cli'
import {
  ACCESS_TOKEN_PATTERN,
  type AccessToken,
  type CreatedAccessToken,
} from '../../src/shared/contract/access-tokens'
import { CookieClient } from '../support/http-client'
import { type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Personal access tokens end to end: made from a browser session, used as `Authorization: Bearer`
// by a client with no cookies and no Origin, refused the moment they expire, are revoked or their
// user is restricted, and never leaked into logs or answered with a cookie.

const DAY = 24 * 60 * 60 * 1000
let t: TestApp

async function makeToken(
  owner: Person,
  scope: 'read-only' | 'read-write' = 'read-write',
  expiresInDays: 7 | 30 | 90 | 365 = 30,
): Promise<CreatedAccessToken> {
  const res = await call(
    owner.client,
    'POST',
    '/api/me/access-tokens',
    {
      name: `script ${scope}`,
      scope,
      expiresInDays,
    },
    201,
  )
  return res as CreatedAccessToken
}

/** A script's request: the token, no cookie, no Origin, and an address behind the trusted proxy. */
function bearer(
  token: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'X-Forwarded-For': '203.0.113.7',
    ...init.headers,
  }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  return t.app.request(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
}

async function tokensOf(owner: Person): Promise<AccessToken[]> {
  const res = await call(owner.client, 'GET', '/api/me/access-tokens', undefined, 200)
  return res as AccessToken[]
}

function tokenRows(owner: Person) {
  return t.database.db.selectFrom('access_tokens').select('id').where('userId', '=', owner.id).execute()
}

async function auditActions(targetId: string) {
  return t.database.db
    .selectFrom('audit_events')
    .select(['action', 'actorId', 'details'])
    .where('targetId', '=', targetId)
    .orderBy('id')
    .execute()
}

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } })
})

describe('personal access tokens', () => {
  it('are created from a session, shown once, listed without the secret, and stored hashed', async () => {
    const owner = await signedIn(t)
    const created = await makeToken(owner)
    expect(created.token).toMatch(ACCESS_TOKEN_PATTERN)
    expect(created.token.startsWith(created.hint)).toBe(true)
    expect(created).toMatchObject({
      name: 'script read-write',
      scope: 'read-write',
      expired: false,
      lastUsedAt: null,
    })
    expect(Date.parse(created.expiresAt) - t.clock.now.getTime()).toBe(30 * DAY)

    const listed = await tokensOf(owner)
    expect(listed).toEqual([{ ...created, token: undefined }].map(({ token: _t, ...rest }) => rest))
    expect(JSON.stringify(listed)).not.toContain(created.token)
    const row = await t.database.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4))

    const audit = await auditActions(created.id)
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['access_token.created', owner.id]])
    expect(audit[0]!.details).not.toContain(created.token)
  })

  it('checks each field of a new token', async () => {
    const owner = await signedIn(t)
    const body = await call(
      owner.client,
      'POST',
      '/api/me/access-tokens',
      {
        name: ' ',
        scope: 'admin',
        expiresInDays: 5,
      },
      422,
    )
    expect(Object.keys(body.errors!).sort()).toEqual(['expiresInDays', 'name', 'scope'])
  })

  it('works as Authorization: Bearer for reads and writes, with no Origin and no cookie set', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)

    const me = await bearer(token, '/api/me')
    expect(me.status).toBe(200)
    expect((await me.json()).email).toBe(owner.email)
    expect(me.headers.get('set-cookie')).toBeNull()

    const patched = await bearer(token, '/api/me', { method: 'PATCH', json: { first_name: 'Scripted' } })
    expect(patched.status).toBe(200)
    expect((await patched.json()).first_name).toBe('Scripted')
    expect(patched.headers.get('set-cookie')).toBeNull()

    // A bodiless write needs neither a content type nor an Origin; a foreign Origin does not matter.
    const removed = await bearer(token, '/api/me/avatar', {
      method: 'DELETE',
      headers: { Origin: 'https://elsewhere.example' },
    })
    expect(removed.status).toBe(204)

    // Even Auth.js, which sets its CSRF cookie on this call, sets nothing on a bearer request.
    const csrf = await bearer(token, '/api/auth/csrf')
    expect(csrf.status).toBe(200)
    expect(csrf.headers.get('set-cookie')).toBeNull()
  })

  it('records when and from where a token was last used', async () => {
    const owner = await signedIn(t)
    const created = await makeToken(owner)
    expect((await bearer(created.token, '/api/me')).status).toBe(200)
    const [used] = await tokensOf(owner)
    expect(used).toMatchObject({ lastUsedAt: t.clock.now.toISOString(), lastUsedIp: '203.0.113.7' })

    t.clock.advance(5 * 60 * 1000)
    expect(
      (await bearer(created.token, '/api/me', { headers: { 'X-Forwarded-For': '198.51.100.2' } })).status,
    ).toBe(200)
    const [again] = await tokensOf(owner)
    expect(again).toMatchObject({ lastUsedAt: t.clock.now.toISOString(), lastUsedIp: '198.51.100.2' })
  })

  it('refuses every write with a read-only token, and lets it read', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner, 'read-only')
    expect((await bearer(token, '/api/me')).status).toBe(200)
    const patch = await bearer(token, '/api/me', { method: 'PATCH', json: { first_name: 'Nope' } })
    expect(patch.status).toBe(403)
    expect((await patch.json()).detail).toMatch(/read-only/)
    expect((await bearer(token, '/api/me/avatar', { method: 'DELETE' })).status).toBe(403)
    expect((await bearer(token, '/api/notifications/read-all', { method: 'POST' })).status).toBe(403)
  })

  it('cannot make tokens or change the password with a token', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)
    const more = await bearer(token, '/api/me/access-tokens', {
      method: 'POST',
      json: { name: 'another', scope: 'read-write', expiresInDays: 365 },
    })
    expect(more.status).toBe(403)
    const password = await bearer(token, '/api/me/password', {
      method: 'POST',
      json: { currentPassword: owner.plainPassword, newPassword: 'a brand new password 1' },
    })
    expect(password.status).toBe(403)
  })

  it('changes no credential at all: two-factor set-up, enabling, recovery codes and turning off need a session', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)
    const attempts: [string, unknown][] = [
      ['/api/me/two-factor/setup', undefined],
      ['/api/me/two-factor/enable', { code: '123456' }],
      ['/api/me/two-factor/recovery-codes', { code: '123456' }],
      ['/api/me/two-factor/disable', { password: owner.plainPassword }],
    ]
    for (const [path, json] of attempts) {
      const res = await bearer(token, path, { method: 'POST', ...(json === undefined ? {} : { json }) })
      expect(res.status, path).toBe(403)
      expect((await res.json()).detail, path).toMatch(/browser session/)
    }
    // Nothing was started: no secret was handed out to the token's holder.
    const rows = await t.database.db
      .selectFrom('user_two_factor')
      .selectAll()
      .where('userId', '=', owner.id)
      .execute()
    expect(rows).toEqual([])
    // Reading the status is not a change.
    expect((await bearer(token, '/api/me/two-factor')).status).toBe(200)
  })

  it('lets an admin’s token change no one’s credentials or the security settings', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const other = await signedIn(t)
    const { token } = await makeToken(admin)
    const reset = await bearer(token, `/api/admin/users/${other.id}/two-factor`, { method: 'DELETE' })
    expect(reset.status).toBe(403)
    const settings = await bearer(token, '/api/admin/security-settings', {
      method: 'PATCH',
      json: { twoFactorRequirement: 'off' },
    })
    expect(settings.status).toBe(403)
    expect((await bearer(token, '/api/admin/security-settings')).status).toBe(200)
  })

  it('are revoked by a password reset from the mailed link, which says so', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)
    const anonymous = new CookieClient(t.app)
    await call(anonymous, 'POST', '/api/accounts/forgot-password', { email: owner.email }, 202)
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', owner.email)
      .where('template', '=', 'password-reset')
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain('revokes your access tokens')
    expect(mail.html_body).toContain('revokes your access tokens')
    const resetToken = /reset-password\?token=([\w-]+)/.exec(mail.text_body)![1]
    await call(
      anonymous,
      'POST',
      '/api/accounts/reset-password',
      {
        token: resetToken!,
        password: 'a brand new password 2',
      },
      204,
    )
    expect((await bearer(token, '/api/me')).status).toBe(401)
    expect(await tokenRows(owner)).toEqual([])
  })

  it('are revoked by a password change unless the owner keeps them', async () => {
    const owner = await signedIn(t)
    const first = await makeToken(owner)
    const second = await makeToken(owner, 'read-only')
    const change = (newPassword: string, revokeAccessTokens?: boolean) =>
      owner.client.json('/api/me/password', 'POST', {
        currentPassword: owner.plainPassword,
        newPassword,
        ...(revokeAccessTokens === undefined ? {} : { revokeAccessTokens }),
      })
    const kept = await change('a brand new password 3', false)
    expect(kept.status).toBe(204)
    owner.plainPassword = 'a brand new password 3'
    expect((await bearer(first.token, '/api/me')).status).toBe(200)
    expect((await bearer(second.token, '/api/me')).status).toBe(200)

    // Revoking is the default.
    expect((await change('a brand new password 4')).status).toBe(204)
    owner.plainPassword = 'a brand new password 4'
    expect((await bearer(first.token, '/api/me')).status).toBe(401)
    expect((await bearer(second.token, '/api/me')).status).toBe(401)
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('actorId', '=', owner.id)
      .where('action', '=', 'password.changed')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([{ accessRevoked: 0 }, { accessRevoked: 2 }])
  })

  it('survive "end sessions" unless the admin or the operator asks to revoke them too, and are told which', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)
    const sessionsOnly = await call(admin.client, 'DELETE', `/api/admin/users/${owner.id}/sessions`)
    expect(sessionsOnly).toEqual({ ended: 1, tokensRevoked: 0, tokensKept: 1 })
    await call(owner.client, 'GET', '/api/me', undefined, 401)
    expect((await bearer(token, '/api/me')).status).toBe(200)

    const both = await call(admin.client, 'DELETE', `/api/admin/users/${owner.id}/sessions?tokens=true`)
    expect(both).toEqual({ ended: 0, tokensRevoked: 1, tokensKept: 0 })
    expect((await bearer(token, '/api/me')).status).toBe(401)
    await call(admin.client, 'DELETE', `/api/admin/users/${owner.id}/sessions?tokens=yes`, undefined, 422)

    // The operator's command says the same.
    await owner.client.signIn(owner.email, owner.plainPassword)
    const again = await makeToken(owner)
    const out: string[] = []
    const cli = (...argv: string[]) =>
      runAdminCommand(t.deps, ['end-sessions', '--email', owner.email, ...argv], {
        out: (l) => out.push(l),
        err: (l) => out.push(l),
      })
    expect(await cli()).toBe(0)
    expect(out.pop()).toBe(
      `Ended 1 session(s) of ${owner.email}. Their 1 access token(s) still work: add --tokens to revoke them too.`,
    )
    expect((await bearer(again.token, '/api/me')).status).toBe(200)
    expect(await cli('--tokens')).toBe(0)
    expect(out.pop()).toBe(`Ended 0 session(s) of ${owner.email} and revoked their 1 access token(s).`)
    expect((await bearer(again.token, '/api/me')).status).toBe(401)
  })

  it('answers 401 to an expired, revoked, malformed or unknown token, on any route', async () => {
    const owner = await signedIn(t)
    const short = await makeToken(owner, 'read-write', 7)
    const revoked = await makeToken(owner)

    await call(owner.client, 'DELETE', `/api/me/access-tokens/${revoked.id}`, undefined, 204)
    const gone = await bearer(revoked.token, '/api/me')
    expect(gone.status).toBe(401)
    expect(gone.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    // Even a public route: a script must learn its credential is bad, not quietly act anonymously.
    expect((await bearer(revoked.token, '/api/shop/products')).status).toBe(401)
    expect((await auditActions(revoked.id)).map((a) => a.action)).toEqual([
      'access_token.created',
      'access_token.revoked',
    ])

    expect((await bearer(short.token, '/api/me')).status).toBe(200)
    t.clock.advance(7 * DAY)
    expect((await bearer(short.token, '/api/me')).status).toBe(401)
    await owner.client.signIn(owner.email, owner.plainPassword) // the session idled out too
    expect((await tokensOf(owner)).find((x) => x.id === short.id)?.expired).toBe(true)

    expect((await bearer('dpt_not-a-token', '/api/me')).status).toBe(401)
    expect((await bearer(`dpt_${'A'.repeat(43)}`, '/api/me')).status).toBe(401)
  })

  it('stops working the moment its user is restricted', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)
    expect((await bearer(token, '/api/me')).status).toBe(200)
    await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', owner.id).execute()
    expect((await bearer(token, '/api/me')).status).toBe(401)
    expect((await bearer(token, '/api/me/avatar', { method: 'DELETE' })).status).toBe(401)
  })

  it('acts with the role the user holds at each request', async () => {
    const owner = await signedIn(t, { role: 'admin' })
    const { token } = await makeToken(owner, 'read-only')
    expect((await bearer(token, '/api/admin/users')).status).toBe(200)
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', owner.id).execute()
    expect((await bearer(token, '/api/admin/users')).status).toBe(403)
  })

  it('lets only its owner revoke it, and admins list and revoke any user’s tokens (audited)', async () => {
    const owner = await signedIn(t)
    const other = await signedIn(t)
    const admin = await signedIn(t, { role: 'admin' })
    const created = await makeToken(owner)

    await call(other.client, 'DELETE', `/api/me/access-tokens/${created.id}`, undefined, 404)
    await call(other.client, 'GET', `/api/admin/users/${owner.id}/access-tokens`, undefined, 403)

    const listed = await call(
      admin.client,
      'GET',
      `/api/admin/users/${owner.id}/access-tokens`,
      undefined,
      200,
    )
    expect((listed as AccessToken[]).map((x) => x.id)).toEqual([created.id])
    await call(
      admin.client,
      'DELETE',
      `/api/admin/users/${other.id}/access-tokens/${created.id}`,
      undefined,
      404,
    )
    const revoked = await admin.client.request(`/api/admin/users/${owner.id}/access-tokens/${created.id}`, {
      method: 'DELETE',
      headers: { Origin: TEST_ORIGIN },
    })
    expect(revoked.status).toBe(204)
    expect((await bearer(created.token, '/api/me')).status).toBe(401)
    expect(await tokensOf(owner)).toEqual([])

    const audit = await auditActions(created.id)
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['access_token.created', owner.id],
      ['access_token.revoked', admin.id],
    ])
    expect(JSON.parse(audit[1]!.details)).toMatchObject({ ownerId: owner.id })
  })

  it('never writes a token into the logs', async () => {
    const owner = await signedIn(t)
    const { token } = await makeToken(owner)
    await bearer(token, '/api/me')
    await bearer(token, '/api/me', { method: 'PATCH', json: { first_name: 'Logged' } })
    await bearer(`${token.slice(0, -1)}x`, '/api/me')
    const secret = token.slice(4)
    expect(t.logs.lines.length).toBeGreaterThan(0)
    expect(t.logs.text).not.toContain(secret)
    const audit = await t.database.db.selectFrom('audit_events').selectAll().execute()
    expect(JSON.stringify(audit)).not.toContain(secret)
  })

  it('are described in the OpenAPI document as the bearerAuth scheme', async () => {
    const doc = await (await t.request('/api/openapi.json')).json()
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.paths['/api/me'].get.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }])
    // Making a token takes a browser session.
    expect(doc.paths['/api/me/access-tokens'].post.security).toEqual([{ sessionCookie: [] }])
  })
})
