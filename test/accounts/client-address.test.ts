import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { SIGNIN_LIMITS } from '../../src/server/features/accounts/sign-in/signin-throttle'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'

// The client address behind a reverse proxy (TRUST_PROXY): what the per-address sign-in limit and
// the audit log see. The proxy appends the address it received the request from to X-Forwarded-For;
// whatever the client wrote to the left of it must not matter.

// A refused sign-in redirects with ?code=…; a throttled one is a 429 problem like every rate limit.
const outcome = async (res: Response) =>
  res.status === 429
    ? ((await res.json()) as { code: string }).code
    : new URL(res.headers.get('location')!).searchParams.get('code')

async function signInVia(t: TestApp, email: string, password: string, forwardedFor: string) {
  const client = new CookieClient(t.app)
  const csrfToken = await client.csrfToken()
  const res = await client.postForm(
    '/api/auth/callback/credentials',
    { csrfToken, email, password, callbackUrl: '/' },
    { 'X-Forwarded-For': forwardedFor },
  )
  return { res, client }
}

describe('the per-address sign-in limit behind one trusted proxy', () => {
  it('cannot be bypassed by rotating X-Forwarded-For, and does not lock out other clients', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    const attacker = '203.0.113.66'
    // One failure per account (the per-account limit never trips), each with a fresh forged entry.
    for (let i = 0; i < SIGNIN_LIMITS.perAddress.limit; i++) {
      const victim = await insertUserWithPassword(t.database.db, 'the right password')
      const { res } = await signInVia(t, victim.email, 'a wrong password', `10.0.${i}.1, ${attacker}`)
      expect(await outcome(res)).toBe('invalid_credentials')
    }
    const next = await insertUserWithPassword(t.database.db, 'the right password')
    const refused = await signInVia(t, next.email, next.plainPassword, `192.0.2.200, ${attacker}`)
    expect(await outcome(refused.res)).toBe('rate_limited')
    expect(refused.client.jar.has('depot.session')).toBe(false)
    const bare = await signInVia(t, next.email, next.plainPassword, attacker)
    expect(await outcome(bare.res)).toBe('rate_limited')

    // Another visitor behind the same proxy is not affected, whatever the attacker did.
    const visitor = await signInVia(t, next.email, next.plainPassword, `${attacker}, 198.51.100.5`)
    expect(visitor.res.headers.get('location')).toBe('http://localhost:3000/')
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'ipAddress'])
      .where('action', '=', 'signin.success')
      .execute()
    expect(audit).toEqual([{ action: 'signin.success', ipAddress: '198.51.100.5' }])
  })
})

describe('trusted proxy addresses, over a real socket', () => {
  async function failedSignInAddress(trustProxy: string, forwardedFor: string) {
    const t = await createTestApp({ env: { TRUST_PROXY: trustProxy } })
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const csrf = await fetch(`${base}/api/auth/csrf`)
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const res = await fetch(`${base}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: cookie,
          'X-Forwarded-For': forwardedFor,
        },
        body: new URLSearchParams({ csrfToken, email: 'nobody@example.com', password: 'whatever it is' }),
      })
      expect(await outcome(res)).toBe('invalid_credentials')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    const row = await t.database.db
      .selectFrom('audit_events')
      .select('ipAddress')
      .where('action', '=', 'signin.failure')
      .executeTakeFirstOrThrow()
    return row.ipAddress
  }

  it('takes the right-most address the trusted proxy vouches for', async () => {
    expect(await failedSignInAddress('127.0.0.1', '6.6.6.6, 198.51.100.9')).toBe('198.51.100.9')
    expect(await failedSignInAddress('10.0.0.0/8,127.0.0.0/8', '6.6.6.6, 198.51.100.9, 10.3.0.1')).toBe(
      '198.51.100.9',
    )
  })

  it('ignores the header from a peer that is not a trusted proxy', async () => {
    expect(await failedSignInAddress('10.0.0.0/8', '198.51.100.9')).toBe('127.0.0.1')
    expect(await failedSignInAddress('false', '198.51.100.9')).toBe('127.0.0.1')
  })
})

describe("a proxy's X-Request-Id", () => {
  it('is kept only when the hop that connected is a trusted proxy', async () => {
    const byHops = await createTestApp({ env: { TRUST_PROXY: '1' } })
    const kept = await byHops.request('/healthz', { headers: { 'X-Request-Id': 'proxy-id-12345' } })
    expect(kept.headers.get('x-request-id')).toBe('proxy-id-12345')

    // By address: app.request() has no socket peer, so no trusted proxy connected.
    const byAddress = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } })
    const fresh = await byAddress.request('/healthz', { headers: { 'X-Request-Id': 'forged-id-12345' } })
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
