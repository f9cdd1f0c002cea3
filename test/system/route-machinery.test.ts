import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AppEnv } from '../../src/server/deps'
import type { Caller } from '../../src/server/lib/http/caller'
import { handleError } from '../../src/server/lib/http/error-handler'
import { registerRoutes } from '../../src/server/lib/http/register-routes'
import { requestContext } from '../../src/server/lib/http/request-context'
import { defineRoute } from '../../src/server/lib/http/route'
import { user as testCaller } from '../../src/server/policies/test-callers'
import { createTestApp, TEST_ORIGIN } from '../support/test-app'

// The route table's machinery, exercised through routes declared here the way features declare
// theirs. The app, middleware and registration are the real ones.

const echo = defineRoute({
  method: 'post',
  path: '/api/test/echo/:id',
  summary: 'echo',
  tags: ['test'],
  access: 'public',
  request: {
    params: z.object({ id: z.uuid() }),
    query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
    body: z.object({ email: z.email('Enter a valid e-mail address'), name: z.string().min(1, 'Required') }),
  },
  responses: {
    201: {
      description: 'Created',
      schema: z.object({ id: z.uuid(), email: z.string(), name: z.string(), dryRun: z.boolean() }),
    },
  },
  handler: (_c, { params, body, query }) => ({ id: params.id, ...body, dryRun: query.dryRun === 'true' }),
})
const hook = defineRoute({
  method: 'post',
  path: '/api/test/hook',
  summary: 'a signed webhook',
  tags: ['test'],
  access: 'public',
  request: { bodyType: 'raw' },
  csrfExempt: 'signed webhook: the signature is the proof',
  responses: { 204: { description: 'Done' } },
  handler: () => undefined,
})
const staffOnly = defineRoute({
  method: 'get',
  path: '/api/test/staff',
  summary: 'staff',
  tags: ['test'],
  access: { staff: ['ManageFeedback'] },
  responses: { 200: { description: 'ok', schema: z.object({ ok: z.literal(true) }) } },
  handler: () => ({ ok: true }),
})
const boom = defineRoute({
  method: 'get',
  path: '/api/test/boom',
  summary: 'fails',
  tags: ['test'],
  access: 'public',
  responses: { 200: { description: 'never' } },
  handler: () => {
    throw new Error('database password is hunter2')
  },
})

async function buildApp(actor?: Caller) {
  const t = await createTestApp({ env: { MAX_JSON_BODY_BYTES: '1024' } })
  const app = new Hono<AppEnv>()
  app.use('*', requestContext(t.deps))
  if (actor) {
    app.use('*', async (c, next) => {
      c.set('caller', actor)
      await next()
    })
  }
  app.onError(handleError)
  registerRoutes(app, [echo, hook, staffOnly, boom], { maxJsonBodyBytes: 1024, allowedOrigin: TEST_ORIGIN })
  return { t, app }
}

const id = '0190c6b2-7d3e-7a4b-8c5d-1e2f3a4b5c6d'
const good = { email: 'ada@example.com', name: 'Ada' }
const post = (app: Hono<AppEnv>, path: string, headers: Record<string, string>, body: string) =>
  app.request(path, { method: 'POST', headers, body })

describe('CSRF proof on state-changing requests', () => {
  it('accepts a same-origin JSON request', async () => {
    const { app } = await buildApp()
    const res = await post(
      app,
      `/api/test/echo/${id}`,
      { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      JSON.stringify(good),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id, ...good, dryRun: false })
  })

  it('accepts Sec-Fetch-Site: same-origin without Origin', async () => {
    const { app } = await buildApp()
    const res = await post(
      app,
      `/api/test/echo/${id}`,
      { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      JSON.stringify(good),
    )
    expect(res.status).toBe(201)
  })

  it.each([
    ['another Origin', { Origin: 'https://evil.example', 'Content-Type': 'application/json' }],
    [
      'cross-site fetch metadata',
      { 'Sec-Fetch-Site': 'cross-site', Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
    ],
    ['no Origin and no fetch metadata', { 'Content-Type': 'application/json' }],
  ])('refuses %s with 403 csrf_rejected', async (_label, headers) => {
    const { app } = await buildApp()
    const res = await post(app, `/api/test/echo/${id}`, headers, JSON.stringify(good))
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('csrf_rejected')
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a form-like content type (%s) with 415',
    async (type) => {
      const { app } = await buildApp()
      const res = await post(
        app,
        `/api/test/echo/${id}`,
        { Origin: TEST_ORIGIN, 'Content-Type': type },
        JSON.stringify(good),
      )
      expect(res.status).toBe(415)
      expect((await res.json()).code).toBe('unsupported_media_type')
    },
  )

  it('lets a declared exemption through without the proof', async () => {
    const { app } = await buildApp()
    const res = await post(app, '/api/test/hook', { 'Content-Type': 'application/json' }, '{}')
    expect(res.status).toBe(204)
  })
})

describe('input validation', () => {
  it('answers 422 with a message per field', async () => {
    const { app } = await buildApp()
    const res = await post(
      app,
      `/api/test/echo/${id}?dryRun=maybe`,
      { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      JSON.stringify({ email: 'nope', name: '' }),
    )
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body.code).toBe('validation_failed')
    expect(body.errors).toEqual({
      email: ['Enter a valid e-mail address'],
      name: ['Required'],
      'query.dryRun': [expect.stringContaining('expected one of')],
    })
  })

  it('reports query errors under query.<name>', async () => {
    const { app } = await buildApp()
    const res = await post(
      app,
      `/api/test/echo/${id}?dryRun=maybe`,
      { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      JSON.stringify(good),
    )
    expect(res.status).toBe(422)
    expect(Object.keys((await res.json()).errors)).toEqual(['query.dryRun'])
  })

  it('answers 400 for malformed JSON and 404 for a malformed id', async () => {
    const { app } = await buildApp()
    const headers = { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' }
    const bad = await post(app, `/api/test/echo/${id}`, headers, '{"email":')
    expect(bad.status).toBe(400)
    expect((await bad.json()).code).toBe('bad_request')
    const missing = await post(app, '/api/test/echo/not-a-uuid', headers, JSON.stringify(good))
    expect(missing.status).toBe(404)
  })

  it('answers 413 before reading an oversized body, declared or chunked', async () => {
    const { app } = await buildApp()
    const headers = { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' }
    const big = JSON.stringify({ ...good, name: 'x'.repeat(2000) })
    const declared = await post(
      app,
      `/api/test/echo/${id}`,
      { ...headers, 'Content-Length': String(big.length) },
      big,
    )
    expect(declared.status).toBe(413)
    expect((await declared.json()).code).toBe('payload_too_large')

    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const res = await app.request(`/api/test/echo/${id}`, {
      method: 'POST',
      headers,
      body: chunked,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })
})

describe('route access', () => {
  it('answers 401 to anonymous callers of a non-public route', async () => {
    const { app } = await buildApp()
    const res = await app.request('/api/test/staff')
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('unauthenticated')
  })

  it('answers 403 to a signed-in user without the function, 200 to staff with it', async () => {
    const user = testCaller({ id })
    expect((await (await buildApp(user)).app.request('/api/test/staff')).status).toBe(403)
    const staff: Caller = { ...user, role: 'staff', staffFunctions: ['ManageFeedback'] }
    expect((await (await buildApp(staff)).app.request('/api/test/staff')).status).toBe(200)
    const restricted: Caller = { ...staff, isRestricted: true }
    expect((await (await buildApp(restricted)).app.request('/api/test/staff')).status).toBe(401)
  })
})

describe('unexpected errors', () => {
  it('become a 500 problem without the message or a stack, and are logged', async () => {
    const { t, app } = await buildApp()
    const res = await app.request('/api/test/boom')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('hunter2')
    expect(text).not.toMatch(/at .*\.ts:\d+/)
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error', status: 500 })
    expect(t.logs.lines.some((l) => l.msg === 'unhandled error')).toBe(true)
  })
})
