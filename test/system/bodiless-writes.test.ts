import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyRoute } from '../../src/server/lib/http/route'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { samplePath } from '../support/sample-paths'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'

// Bodiless writes and the order of the checks, walked over the whole route table: a DELETE, PATCH,
// PUT or POST that declares no request body needs no Content-Type (the Origin is the CSRF proof), a
// body that is sent must still be JSON, and access is decided before the media type.

let t: TestApp
let admin: CookieClient

beforeAll(async () => {
  t = await createTestApp()
  admin = (await signedIn(t, { role: 'admin' })).client
})

const WRITES = new Set(['post', 'put', 'patch', 'delete'])
const concretePath = (route: AnyRoute) => samplePath(route)
const label = (route: AnyRoute) => `${route.method.toUpperCase()} ${route.path}`

describe('bodiless writes', () => {
  it('accepts every JSON write route that declares no body without a Content-Type', async () => {
    const routes = t.routes.filter(
      (r) => WRITES.has(r.method) && !r.request?.body && (r.request?.bodyType ?? 'json') === 'json',
    )
    expect(routes.length).toBeGreaterThan(10)
    const refused: string[] = []
    for (const route of routes) {
      const res = await admin.request(concretePath(route), {
        method: route.method.toUpperCase(),
        headers: { Origin: TEST_ORIGIN },
      })
      await res.arrayBuffer()
      if (res.status === 415 || res.status >= 500) refused.push(`${label(route)} → ${res.status}`)
    }
    expect(refused).toEqual([])
  })

  it('still takes a request body only as JSON, bodiless route or not', async () => {
    const withBody = await admin.request('/api/me', {
      method: 'PATCH',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'text/plain' },
      body: '{"first_name":"Ada"}',
    })
    expect(withBody.status).toBe(415)
    const bodiless = t.routes.find((r) => r.method === 'delete' && r.path === '/api/me/avatar')!
    const sent = await admin.request(bodiless.path, {
      method: 'DELETE',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(sent.status).toBe(415)
    const plain = await admin.request(bodiless.path, { method: 'DELETE', headers: { Origin: TEST_ORIGIN } })
    expect(plain.status).toBe(204)
  })

  it('keeps the Origin rule for bodiless writes', async () => {
    const res = await admin.request('/api/me/avatar', {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('csrf_rejected')
  })

  it('answers an anonymous caller 401 on every protected write, whatever the content type', async () => {
    const anonymous = new CookieClient(t.app)
    const wrong: string[] = []
    for (const route of t.routes.filter((r) => WRITES.has(r.method) && r.access !== 'public')) {
      for (const headers of [
        { Origin: TEST_ORIGIN } as Record<string, string>,
        { Origin: TEST_ORIGIN, 'Content-Type': 'text/plain' },
        { Origin: TEST_ORIGIN, 'Content-Type': 'application/xml' },
      ]) {
        const res = await anonymous.request(concretePath(route), {
          method: route.method.toUpperCase(),
          headers,
          body: headers['Content-Type'] ? '<x/>' : undefined,
        })
        await res.arrayBuffer()
        if (res.status !== 401)
          wrong.push(`${label(route)} (${headers['Content-Type'] ?? 'none'}) → ${res.status}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
