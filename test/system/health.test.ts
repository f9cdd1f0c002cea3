import { describe, expect, it } from 'vitest'
import { PROBLEM_CONTENT_TYPE } from '../../src/shared/contract/problem'
import { createTestApp } from '../support/test-app'

describe('health and readiness', () => {
  it('GET /healthz answers ok', async () => {
    const t = await createTestApp()
    const res = await t.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('GET /readyz is ready once the database is migrated', async () => {
    const t = await createTestApp()
    const res = await t.request('/readyz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } })
  })

  it('GET /readyz is a 503 Problem with Retry-After that names the pending migrations before migrating', async () => {
    const t = await createTestApp({ migrate: false })
    const res = await t.request('/readyz')
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.json()
    expect(body).toMatchObject({
      type: 'urn:depot:problem:service_unavailable',
      title: 'Service unavailable',
      status: 503,
      code: 'service_unavailable',
      requestId: res.headers.get('x-request-id'),
      checks: { database: 'ok', migrations: 'pending' },
    })
    expect(body.pendingMigrations).toContain('0001-initial')
  })

  it('GET /readyz is a 503 Problem with Retry-After when the database is gone', async () => {
    const t = await createTestApp()
    await t.database.close()
    const res = await t.request('/readyz')
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      checks: { database: 'unreachable', migrations: 'unknown' },
    })
    t.database.close = async () => {} // already closed; the file's teardown must not close it twice
  })
})

describe('unknown routes', () => {
  it('an unknown /api route is a 404 problem+json, not the web app', async () => {
    const t = await createTestApp()
    const res = await t.request('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE)
    const body = await res.json()
    expect(body).toMatchObject({ status: 404, code: 'not_found', title: 'Not found' })
    expect(body.requestId).toBe(res.headers.get('x-request-id'))
  })

  it('an unknown method on /api is a 404 problem too', async () => {
    const t = await createTestApp()
    const res = await t.request('/healthz', { method: 'DELETE' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE)
  })
})

describe('request ids and logs', () => {
  it('every response carries a request id that appears on its log line, without the query string', async () => {
    const t = await createTestApp()
    const res = await t.request('/healthz?token=very-secret-value')
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const line = t.logs.lines.find((l) => l.requestId === id && l.msg === 'request')
    expect(line).toMatchObject({ method: 'GET', path: '/healthz', status: 200 })
    expect(t.logs.text).not.toContain('very-secret-value')
  })

  it('ignores a client-sent request id unless the proxy is trusted', async () => {
    const t = await createTestApp()
    const res = await t.request('/healthz', { headers: { 'X-Request-Id': 'forged-id-12345' } })
    expect(res.headers.get('x-request-id')).not.toBe('forged-id-12345')

    const trusted = await createTestApp({ env: { TRUST_PROXY: 'true' } })
    const res2 = await trusted.request('/healthz', { headers: { 'X-Request-Id': 'proxy-id-12345' } })
    expect(res2.headers.get('x-request-id')).toBe('proxy-id-12345')
  })
})

describe('security headers', () => {
  it('sends a strict CSP without inline scripts, nosniff, a referrer policy and no framing', async () => {
    const t = await createTestApp()
    const res = await t.request('/healthz')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    // Remote https images, for a customer's HTML mail once staff ask to load them (decision 0134).
    expect(csp).toContain("img-src 'self' data: blob: https:;")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('adds HSTS when the public origin is https', async () => {
    const t = await createTestApp({ env: { AUTH_URL: 'https://depot.example.com' } })
    const res = await t.request('/healthz')
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
  })
})
