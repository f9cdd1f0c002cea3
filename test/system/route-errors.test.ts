import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyRoute } from '../../src/server/lib/http/route'
import { UNSAFE_METHODS } from '../../src/server/lib/http/route'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { UndocumentedResponseError } from '../support/response-conformance'
import { samplePath } from '../support/sample-paths'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'

// Walks the route table with the wrong requests: anonymous, with an unusable access token, from
// another origin, with a malformed id, a body that is not JSON, a body of another type. Every answer
// passes the test app's check against the route's declared responses (status, Problem body, headers),
// so each route's error answers are documented as they really are; the statuses are asserted too.

let t: TestApp
let admin: CookieClient

beforeAll(async () => {
  t = await createTestApp()
  const user = await insertUserWithPassword(t.database.db, 'route errors password', { role: 'admin' })
  admin = new CookieClient(t.app)
  await admin.signIn(user.email, user.plainPassword)
})

function concretePath(route: AnyRoute, malformed = false): string {
  return samplePath(route, (name) => {
    if (malformed) return 'not-a-valid-id-%25'
    // A share link's token has its own shape (22 base64url characters); a well-formed one that names
    // no link lets the request reach its body checks.
    if (name === 'token' && route.path.startsWith('/api/s/')) return 'AAAAAAAAAAAAAAAAAAAAAA'
    return undefined
  })
}

interface Probe {
  name: string
  client: CookieClient
  path: string
  headers: Record<string, string>
  body?: string
  /** The status the machinery must answer, when the probe decides it. */
  expected?: number
}

function probesFor(route: AnyRoute): Probe[] {
  const method = route.method.toUpperCase()
  const unsafe = UNSAFE_METHODS.has(method)
  const api = route.path.startsWith('/api/')
  const sameOrigin: Record<string, string> = unsafe ? { Origin: TEST_ORIGIN } : {}
  const bodyType = route.request?.bodyType ?? 'json'
  const rawType = unsafe ? route.request?.rawContentTypes?.types.find((type) => type !== '') : undefined
  const probes: Probe[] = [
    {
      name: 'anonymous',
      client: new CookieClient(t.app),
      path: concretePath(route),
      headers: sameOrigin,
      expected: route.access === 'public' ? undefined : route.access === 'metricsScraper' ? 404 : 401,
    },
  ]
  if (api)
    probes.push({
      name: 'an unknown access token',
      client: new CookieClient(t.app),
      path: concretePath(route),
      headers: { Authorization: `Bearer dpt_${'x'.repeat(40)}` },
      expected: 401,
    })
  if (unsafe && !route.csrfExempt)
    probes.push({
      name: 'another origin',
      client: admin,
      path: concretePath(route),
      headers: { Origin: 'https://elsewhere.example.org' },
      expected: 403,
    })
  if (route.request?.params && route.access !== 'metricsScraper')
    probes.push({
      name: 'a malformed id',
      client: admin,
      path: concretePath(route, true),
      // The media type is checked before the path: send one the route takes.
      headers: rawType ? { ...sameOrigin, 'Content-Type': rawType } : sameOrigin,
      expected: 404,
    })
  if (unsafe && bodyType === 'json' && route.access !== 'metricsScraper') {
    probes.push({
      name: 'a body of another type',
      client: admin,
      path: concretePath(route),
      headers: { ...sameOrigin, 'Content-Type': 'text/plain' },
      body: 'hello',
      expected: 415,
    })
    if (route.request?.body)
      probes.push({
        name: 'a body that is not JSON',
        client: admin,
        path: concretePath(route),
        headers: { ...sameOrigin, 'Content-Type': 'application/json' },
        body: '{"unterminated',
        expected: 400,
      })
  }
  return probes
}

describe('every route, asked wrongly', () => {
  it('answers only what it documents, with the status the request machinery gives', async () => {
    const failures: string[] = []
    for (const route of t.routes) {
      const method = route.method.toUpperCase()
      for (const probe of probesFor(route)) {
        try {
          const res = await probe.client.request(probe.path, {
            method,
            headers: probe.headers,
            body: probe.body,
          })
          await res.body?.cancel()
          if (probe.expected !== undefined && res.status !== probe.expected)
            failures.push(`${method} ${route.path} with ${probe.name}: ${res.status}, not ${probe.expected}`)
        } catch (error) {
          if (!(error instanceof UndocumentedResponseError)) throw error
          failures.push(`${method} ${route.path} with ${probe.name}: ${error.message}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})
