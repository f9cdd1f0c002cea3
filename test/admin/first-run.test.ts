import { describe, expect, it } from 'vitest'
import { announceFirstRunSetup } from '../../src/server/features/admin/first-run.service'
import { CookieClient } from '../support/http-client'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

describe('first run', () => {
  it('logs a one-time link whose page creates the first admin; the link then stops working', async () => {
    const t = await createTestApp()
    expect(await call(t, 'GET', '/api/setup')).toEqual({ needed: true })
    const link = await announceFirstRunSetup(t.deps, t.deps.logger)
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?token=[A-Za-z0-9_-]{40,}$/)
    expect(t.logs.text).toContain('No admin exists yet')
    const token = new URL(link!).searchParams.get('token')!

    const body = {
      token,
      first_name: 'Root',
      last_name: 'Admin',
      email: 'root@example.com',
      password: 'the very first admin',
      business_name: 'Acme Prints',
      business_address: '12 Market Road\nIkeja',
    }
    // The answer signs the new admin in, with the same cookie a sign-in sets.
    const setupClient = new CookieClient(t.app)
    const created = await setupClient.json('/api/setup', 'POST', body)
    expect(created.status).toBe(201)
    expect(created.headers.get('set-cookie')).toMatch(/^depot\.session=[^;]+;.*HttpOnly/i)
    expect(await call(setupClient, 'GET', '/api/me')).toMatchObject({
      role: 'admin',
      email: 'root@example.com',
    })
    expect(await call(t, 'GET', '/api/setup')).toEqual({ needed: false })
    // Setup named the business: the site identity shows it at once.
    expect(await call(t, 'GET', '/api/site')).toMatchObject({
      name: 'Acme Prints',
      address: '12 Market Road\nIkeja',
      supportEmail: null,
    })

    const client = new CookieClient(t.app)
    await client.signIn('root@example.com', 'the very first admin')
    expect(await call(client, 'GET', '/api/me')).toMatchObject({
      role: 'admin',
      email: 'root@example.com',
    })

    const again = await t.request('/api/setup', {
      method: 'POST',
      body: { ...body, email: 'second@example.com' },
    })
    expect(again.status).toBe(410)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect((await again.json()).code).toBe('setup_link_used')
    expect(await announceFirstRunSetup(t.deps, t.deps.logger)).toBeUndefined()
  })

  it('refuses a wrong or superseded token', async () => {
    const t = await createTestApp()
    const first = new URL((await announceFirstRunSetup(t.deps, t.deps.logger))!).searchParams.get('token')!
    await announceFirstRunSetup(t.deps, t.deps.logger) // a restart issues a fresh link
    const body = {
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      password: 'long enough pass',
      business_name: 'Acme',
    }
    await call(t, 'POST', '/api/setup', { ...body, token: first }, 410)
    await call(t, 'POST', '/api/setup', { ...body, token: 'x'.repeat(43) }, 410)
    expect(await call(t, 'GET', '/api/setup')).toEqual({ needed: true })
  })

  it('asks for the business name', async () => {
    const t = await createTestApp()
    const token = new URL((await announceFirstRunSetup(t.deps, t.deps.logger))!).searchParams.get('token')!
    const res = await call(
      t,
      'POST',
      '/api/setup',
      { token, first_name: 'A', last_name: 'B', email: 'a@example.com', password: 'long enough pass' },
      422,
    )
    expect(Object.keys(res.errors!)).toEqual(['business_name'])
    expect(await call(t, 'GET', '/api/setup')).toEqual({ needed: true })
  })
})
