import { beforeAll, describe, expect, it } from 'vitest'
import { insertOrder } from '../support/factories'
import type { CookieClient } from '../support/http-client'
import { insertUserWithPassword, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'

// Personal data is never cached: every answer to a signed-in caller, and every answer of a route that
// is not public, says Cache-Control: no-store unless the route opts into caching itself.
let t: TestApp
let admin: CookieClient

beforeAll(async () => {
  t = await createTestApp()
  const me = await signedIn(t, { role: 'admin' })
  await insertOrder(t.database.db, me.id)
  admin = me.client
})

describe('Cache-Control on authenticated JSON', () => {
  it.each([
    '/api/me',
    '/api/me/sessions',
    '/api/shop/orders',
    '/api/admin/users',
    '/api/staff/orders',
    '/api/admin/audit',
    '/api/shop/products',
  ])('GET %s answers a signed-in admin with no-store', async (path) => {
    const res = await admin.json(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    // The security headers and the request id still come with it.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a protected route refused to an anonymous caller is not cacheable either', async () => {
    const res = await t.request('/api/admin/users')
    expect(res.status).toBe(401)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a public answer to an anonymous caller is left to the route', async () => {
    const res = await t.request('/api/shop/products')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBeNull()
  })

  it("a route's own caching header wins (avatars are cached privately)", async () => {
    const user = await insertUserWithPassword(t.database.db)
    await t.database.db
      .insertInto('user_avatars')
      .values({
        userId: user.id,
        bytes: Buffer.from('RIFF....WEBP'),
        contentType: 'image/webp',
        updatedAt: new Date().toISOString(),
      })
      .execute()
    const res = await admin.request(`/api/users/${user.id}/avatar`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400')
  })
})
