import { beforeAll, describe, expect, it } from 'vitest'
import type { StaffFunction } from '../../src/shared/enums'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Who sees which part of the dashboard, and what a wrong query answers.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

const partsOf = (d: { shop: unknown; inbox: unknown; storage: unknown }) => ({
  shop: d.shop !== null,
  inbox: d.inbox !== null,
  storage: d.storage !== null,
})

describe('who sees the dashboard', () => {
  it.each<[string, StaffFunction[], { shop: boolean; inbox: boolean; storage: boolean }]>([
    ['shop staff', ['AccessShop'], { shop: true, inbox: false, storage: false }],
    ['inbox staff', ['ManageFeedback'], { shop: false, inbox: true, storage: false }],
    ['folder staff', ['ManageFolders'], { shop: false, inbox: false, storage: true }],
    [
      'staff with all three',
      ['AccessShop', 'ManageFeedback', 'ManageFolders'],
      { shop: true, inbox: true, storage: true },
    ],
  ])('%s see their parts, the others are null', async (_name, functions, parts) => {
    const staff = await signedIn(t, { role: 'staff', functions })
    expect(partsOf(await call(staff, 'GET', '/api/dashboard'))).toEqual(parts)
  })

  it('admins see every part', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const dashboard = await call(admin, 'GET', '/api/dashboard')
    expect(partsOf(dashboard)).toEqual({ shop: true, inbox: true, storage: true })
    expect(dashboard.period).toBe('30d')
  })

  it('refuses staff with none of the three, and customers (403), and asks the signed-out to sign in (401)', async () => {
    const uploader = await signedIn(t, { role: 'staff', functions: ['UploadProducts'] })
    await call(uploader, 'GET', '/api/dashboard', undefined, 403)
    const buyer = await signedIn(t, { role: 'user' })
    await call(buyer, 'GET', '/api/dashboard', undefined, 403)
    await call(t, 'GET', '/api/dashboard', undefined, 401)
  })
})

describe('the dashboard query', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>
  beforeAll(async () => {
    admin = await signedIn(t, { role: 'admin' })
  })

  it.each([
    ['period=week', 'period', /today, 7d, 30d, 12m or custom/],
    ['period=custom', 'from', /first day/],
    ['period=custom&from=2026-01-01', 'to', /last day/],
    ['period=custom&from=2026-02-30&to=2026-03-01', 'from', /not a real date/],
    ['period=custom&from=01/02/2026&to=2026-03-01', 'from', /like 2026-03-29/],
    ['period=custom&from=2026-03-02&to=2026-03-01', 'to', /not be before/],
    ['period=custom&from=2024-01-01&to=2026-01-02', 'to', /at most 731 days/],
  ])('?%s → 422 on %s', async (query, field, message) => {
    const problem = await call(admin, 'GET', `/api/dashboard?${query}`, undefined, 422)
    // Per field, keyed by where it is: the query's `period`, `from` or `to`.
    expect(problem.errors?.[`query.${field}`]?.[0]).toMatch(message)
  })

  it('takes a custom range of one day and of 731 days', async () => {
    const one = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-03-01&to=2026-03-01')
    expect([one.bucket, one.shop!.revenueSeries.length, one.previousRange]).toEqual([
      'day',
      1,
      { from: '2026-02-28', to: '2026-02-28' },
    ])
    const longest = await call(admin, 'GET', '/api/dashboard?period=custom&from=2024-01-01&to=2025-12-31')
    expect([longest.bucket, longest.shop!.revenueSeries.length]).toEqual(['month', 24])
  })
})
