import { beforeAll, describe, expect, it } from 'vitest'
import { PROBLEM_CONTENT_TYPE } from '../../src/shared/contract/problem'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'

// Auth.js's own error answers reach clients in the one error shape (application/problem+json), like
// every other error of the API.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

describe('Auth.js error answers', () => {
  it('a sign-in request Auth.js cannot read is a 400 problem', async () => {
    const res = await t.app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: '{"email": ',
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE)
    const body = await res.json()
    expect(body).toMatchObject({ status: 400, code: 'bad_request', title: 'Bad request' })
    expect(body.detail).toEqual(expect.any(String))
    expect(body.requestId).toEqual(res.headers.get('x-request-id'))
  })
})
