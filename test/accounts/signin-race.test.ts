import { describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The sign-in throttle counts each attempt before the password is checked, atomically, so a burst of
// concurrent guesses cannot all be checked before the first failure is recorded (docs/decisions/0042).
// Every password check leaves one `signin.failure` audit event with reason `invalid_credentials`;
// a refused attempt leaves one with reason `throttled` and costs no check.

async function failureReasons(t: TestApp) {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('details')
    .where('action', '=', 'signin.failure')
    .execute()
  const counts: Record<string, number> = {}
  for (const row of rows) {
    const details = typeof row.details === 'string' ? JSON.parse(row.details) : row.details
    const reason = String((details as { reason?: unknown } | null)?.reason)
    counts[reason] = (counts[reason] ?? 0) + 1
  }
  return counts
}

/** Sign-in attempts sent all at once, each with its own cookie jar, as separate browsers would. */
async function burst(t: TestApp, attempts: { email: string; password: string }[]) {
  const clients = attempts.map(() => new CookieClient(t.app))
  const tokens = await Promise.all(clients.map((client) => client.csrfToken()))
  return Promise.all(
    attempts.map((attempt, i) =>
      clients[i]!.postForm('/api/auth/callback/credentials', {
        csrfToken: tokens[i]!,
        ...attempt,
        callbackUrl: '/',
      }),
    ),
  )
}

const refusalCode = (res: Response) =>
  res.status === 302 ? new URL(res.headers.get('location')!).searchParams.get('code') : null

describe('the sign-in throttle under concurrent attempts', () => {
  it('checks at most 5 of 40 concurrent wrong passwords for one account; the rest get 429 with Retry-After', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const answers = await burst(
      t,
      Array.from({ length: 40 }, (_, i) => ({ email: user.email, password: `wrong-${i}-password` })),
    )

    const checked = answers.filter((res) => refusalCode(res) === 'invalid_credentials')
    const throttled = answers.filter((res) => res.status === 429)
    expect(checked.length).toBe(5)
    expect(throttled.length).toBe(35)
    for (const res of throttled) {
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      const retryAfter = Number(res.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(15 * 60)
      expect((await res.json()).code).toBe('rate_limited')
    }
    expect(await failureReasons(t)).toEqual({ invalid_credentials: 5, throttled: 35 })

    // Locked: even the right password is not checked until the window ends …
    const client = new CookieClient(t.app)
    expect((await client.signIn(user.email, user.plainPassword)).status).toBe(429)
    expect(client.jar.has('depot.session')).toBe(false)
    // … and then it works.
    t.clock.advance(15 * 60_000 + 1000)
    const later = await client.signIn(user.email, user.plainPassword)
    expect(later.headers.get('location')).toBe('http://localhost:3000/')
    await call(client, 'GET', '/api/me', undefined, 200)
  })

  it('counts an unknown e-mail the same way, so the throttle reveals nothing', async () => {
    const t = await createTestApp()
    const known = await insertUserWithPassword(t.database.db)
    const unknown = 'nobody-here@example.com'
    const [knownAnswers, unknownAnswers] = await Promise.all([
      burst(
        t,
        Array.from({ length: 8 }, () => ({ email: known.email, password: 'wrong password' })),
      ),
      burst(
        t,
        Array.from({ length: 8 }, () => ({ email: unknown, password: 'wrong password' })),
      ),
    ])
    const summary = (answers: Response[]) =>
      answers.map((res) => (res.status === 429 ? 429 : refusalCode(res))).sort()
    expect(summary(unknownAnswers)).toEqual(summary(knownAnswers))
    expect(summary(knownAnswers)).toEqual(
      [...Array(5).fill('invalid_credentials'), ...Array(3).fill(429)].sort(),
    )
  })

  it('checks at most 20 of 40 concurrent attempts from one address across many accounts', async () => {
    const t = await createTestApp()
    const answers = await burst(
      t,
      Array.from({ length: 40 }, (_, i) => ({ email: `someone-${i}@example.com`, password: 'guess-1234' })),
    )
    expect(answers.filter((res) => refusalCode(res) === 'invalid_credentials').length).toBe(20)
    const throttled = answers.filter((res) => res.status === 429)
    expect(throttled.length).toBe(20)
    expect(Number(throttled[0]!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await failureReasons(t)).toEqual({ invalid_credentials: 20, throttled: 20 })
  })

  it('answers 429 to the web app’s JSON sign-in too (X-Auth-Return-Redirect)', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    for (let i = 0; i < 5; i++) await client.signIn(user.email, `wrong-${i}-password`)
    const res = await client.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
      body: new URLSearchParams({
        csrfToken: await client.csrfToken(),
        email: user.email,
        password: user.plainPassword,
        callbackUrl: '/',
      }).toString(),
    })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await res.json()).toMatchObject({ status: 429, code: 'rate_limited' })
  })
})

describe('a successful sign-in', () => {
  it('clears the account’s count: four failures, a success, then five more failures are all checked', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    for (let i = 0; i < 4; i++)
      expect(refusalCode(await client.signIn(user.email, `wrong-${i}-password`))).toBe('invalid_credentials')
    expect((await client.signIn(user.email, user.plainPassword)).headers.get('location')).toBe(
      'http://localhost:3000/',
    )
    const stranger = new CookieClient(t.app)
    for (let i = 0; i < 5; i++)
      expect(refusalCode(await stranger.signIn(user.email, `again-${i}-password`))).toBe(
        'invalid_credentials',
      )
    expect((await stranger.signIn(user.email, user.plainPassword)).status).toBe(429)
  })

  it('gives its attempt back to the address: many people signing in behind one address are not locked out', async () => {
    const t = await createTestApp()
    const people = await Promise.all(Array.from({ length: 22 }, () => insertUserWithPassword(t.database.db)))
    for (const person of people) {
      const res = await new CookieClient(t.app).signIn(person.email, person.plainPassword)
      expect(res.headers.get('location')).toBe('http://localhost:3000/')
    }
    const rows = await t.database.db.selectFrom('rate_limits').select(['key', 'count']).execute()
    expect(rows.filter((r) => r.key.startsWith('signin:ip:')).map((r) => Number(r.count))).toEqual([0])
  })
})
