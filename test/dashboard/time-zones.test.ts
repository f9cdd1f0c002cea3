import { describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { aProduct, businessIn, customer, entry, sale } from './helpers'

// Days are the business's days (docs/decisions/0131): the same orders fall in different buckets as the
// business's zone says, a day across a DST change is 23 or 25 hours long, and SQLite and PostgreSQL
// (this file runs on both) count the same.

async function shopIn(timeZone: string, now: string) {
  const t = await createTestApp()
  t.clock.now = new Date(now)
  await businessIn(t, timeZone)
  const admin = await signedIn(t, { role: 'admin' })
  const db = t.database.db
  const product = await aProduct(db, 'Atlas', 1000)
  const buyer = await customer(db)
  const sold = (paidAt: string, quantity = 1) =>
    sale(db, { userId: buyer.id, paidAt, lines: [{ product, quantity }] })
  return { t, admin, sold }
}

const byBucket = (series: { bucket: string; orders: number }[]) =>
  Object.fromEntries(series.map((p) => [p.bucket, p.orders]))

describe('the business’s days', () => {
  it('puts an order at 23:30 and one at 00:30 local time in different days', async () => {
    const { admin, sold } = await shopIn('America/New_York', '2026-06-20T16:00:00Z')
    await sold('2026-06-11T03:30:00Z') // 23:30 on 06-10 in New York (EDT, UTC−4)
    await sold('2026-06-11T04:30:00Z', 2) // 00:30 on 06-11
    const week = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-06-10&to=2026-06-11')
    expect(week.shop!.revenueSeries).toEqual([
      { bucket: '2026-06-10', revenue: 1000, orders: 1 },
      { bucket: '2026-06-11', revenue: 2000, orders: 1 },
    ])
    // In UTC both are on 06-11.
    const utc = await shopIn('UTC', '2026-06-20T16:00:00Z')
    await utc.sold('2026-06-11T03:30:00Z')
    await utc.sold('2026-06-11T04:30:00Z', 2)
    const there = await call(utc.admin, 'GET', '/api/dashboard?period=custom&from=2026-06-10&to=2026-06-11')
    expect(byBucket(there.shop!.revenueSeries)).toEqual({ '2026-06-10': 0, '2026-06-11': 2 })
  })

  it('has a 23-hour day when Berlin moves its clocks forward (2026-03-29)', async () => {
    const { admin, sold } = await shopIn('Europe/Berlin', '2026-04-02T10:00:00Z')
    await sold('2026-03-28T22:59:59Z') // 23:59:59 CET on 03-28
    await sold('2026-03-28T23:00:00Z') // 00:00 CET on 03-29: the day starts
    await sold('2026-03-29T00:59:00Z') // 01:59 CET
    await sold('2026-03-29T01:00:00Z') // 03:00 CEST: the clocks jumped
    await sold('2026-03-29T21:59:00Z') // 23:59 CEST, the last minute of the 23-hour day
    await sold('2026-03-29T22:00:00Z') // 00:00 CEST on 03-30
    const res = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-03-28&to=2026-03-30')
    expect(byBucket(res.shop!.revenueSeries)).toEqual({ '2026-03-28': 1, '2026-03-29': 4, '2026-03-30': 1 })

    // The day by hour: 23 hours, 02:00 never happens; the 01:00 and 03:00 hours are an hour apart.
    const { admin: a2, sold: s2 } = await shopIn('Europe/Berlin', '2026-03-29T12:00:00Z')
    await s2('2026-03-29T00:59:00Z')
    await s2('2026-03-29T01:00:00Z')
    const today = await call(a2, 'GET', '/api/dashboard?period=today')
    expect(today.bucket).toBe('hour')
    const hours = today.shop!.revenueSeries
    expect(hours).toHaveLength(23)
    expect(hours.slice(0, 4).map((h) => [h.bucket, h.orders])).toEqual([
      ['2026-03-29T00:00', 0],
      ['2026-03-29T01:00', 1],
      ['2026-03-29T03:00', 1],
      ['2026-03-29T04:00', 0],
    ])
  })

  it('has a 25-hour day when New York moves its clocks back (2026-11-01)', async () => {
    const { t, admin, sold } = await shopIn('America/New_York', '2026-11-01T20:00:00Z')
    await sold('2026-11-01T03:59:00Z') // 23:59 EDT on 10-31
    await sold('2026-11-01T04:00:00Z') // 00:00 EDT on 11-01
    await sold('2026-11-01T05:30:00Z') // 01:30 EDT, the first time
    await sold('2026-11-01T06:30:00Z', 2) // 01:30 EST, the second time
    await sold('2026-11-02T04:59:00Z') // 23:59 EST, the day's 25th hour
    await sold('2026-11-02T05:00:00Z') // 00:00 EST on 11-02
    const res = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-10-31&to=2026-11-02')
    expect(byBucket(res.shop!.revenueSeries)).toEqual({ '2026-10-31': 1, '2026-11-01': 4, '2026-11-02': 1 })

    const today = await call(admin, 'GET', '/api/dashboard?period=today')
    const hours = today.shop!.revenueSeries
    expect(hours).toHaveLength(25)
    // 01:00 comes twice, an hour apart: the first (EDT) and the repeated one (EST).
    expect(hours.slice(0, 4).map((h) => [h.bucket, h.orders, h.revenue])).toEqual([
      ['2026-11-01T00:00', 1, 1000],
      ['2026-11-01T01:00', 1, 1000],
      ['2026-11-01T01:00', 1, 2000],
      ['2026-11-01T02:00', 0, 0],
    ])
    expect(hours.at(-1)).toEqual({ bucket: '2026-11-01T23:00', revenue: 1000, orders: 1 })

    // The inbox counts its arrivals by the same days.
    await entry(t.database.db, 'quote', '2026-11-02T04:59:00Z')
    await entry(t.database.db, 'contact', '2026-11-01T03:59:00Z')
    const days = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-10-31&to=2026-11-01')
    expect(days.inbox!.perDay).toEqual([
      { bucket: '2026-10-31', quotes: 0, contacts: 1 },
      { bucket: '2026-11-01', quotes: 1, contacts: 0 },
    ])
  })

  it('cuts longer ranges by Monday weeks and months, and compares with the same number of days before', async () => {
    const { admin, sold } = await shopIn('Asia/Kolkata', '2026-11-29T02:00:00Z')
    await sold('2026-01-11T18:29:00Z') // 23:59 on Sunday 01-11 in Kolkata (UTC+5:30)
    await sold('2026-01-11T18:30:00Z') // 00:00 on Monday 01-12
    const weeks = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-01-07&to=2026-02-28')
    expect(weeks.bucket).toBe('week')
    expect(weeks.previousRange).toEqual({ from: '2025-11-15', to: '2026-01-06' })
    // The first week began on Monday 01-05, before the range: it counts from 01-07.
    expect(weeks.shop!.revenueSeries.slice(0, 3)).toEqual([
      { bucket: '2026-01-05', revenue: 1000, orders: 1 },
      { bucket: '2026-01-12', revenue: 1000, orders: 1 },
      { bucket: '2026-01-19', revenue: 0, orders: 0 },
    ])
    const year = await call(admin, 'GET', '/api/dashboard?period=12m')
    expect(year.bucket).toBe('month')
    expect(year.range).toEqual({ from: '2025-12-01', to: '2026-11-29' })
    expect(year.shop!.revenueSeries.map((p) => p.bucket)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ])
    expect(year.shop!.revenueSeries[1]).toEqual({ bucket: '2026-01', revenue: 2000, orders: 2 })
  })
})
