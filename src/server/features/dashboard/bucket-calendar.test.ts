import { describe, expect, it } from 'vitest'
import { dashboardCalendar, startOfDay } from './bucket-calendar'

// The business's calendar without a database: day starts across DST changes, and how periods are cut.

const hours = (span: { start: Date; end: Date }) => (span.end.getTime() - span.start.getTime()) / 3_600_000

describe('the bucket calendar', () => {
  it('starts a day at local midnight, or at the change when midnight does not exist', () => {
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(startOfDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    // Santiago moves from 00:00 to 01:00 on 2026-09-06: that day starts at 01:00 (−03).
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z')
    expect(startOfDay('2026-06-10', 'Asia/Kolkata').toISOString()).toBe('2026-06-09T18:30:00.000Z')
  })

  it('makes 23- and 25-hour days', () => {
    const spring = dashboardCalendar({ period: 'today' }, new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin')
    expect([hours(spring.current), spring.buckets.length]).toEqual([23, 23])
    const autumn = dashboardCalendar(
      { period: 'today' },
      new Date('2026-11-01T15:00:00Z'),
      'America/New_York',
    )
    expect([hours(autumn.current), autumn.buckets.length]).toEqual([25, 25])
  })

  it('cuts each period as the contract says', () => {
    const now = new Date('2026-11-29T02:00:00Z')
    const cut = (q: Parameters<typeof dashboardCalendar>[0]) => {
      const c = dashboardCalendar(q, now, 'Pacific/Auckland')
      return [c.range, c.previousRange, c.bucket, c.buckets.length]
    }
    expect(cut({ period: '7d' })).toEqual([
      { from: '2026-11-23', to: '2026-11-29' },
      { from: '2026-11-16', to: '2026-11-22' },
      'day',
      7,
    ])
    expect(cut({ period: '30d' })[2]).toBe('day')
    expect(cut({ period: '12m' })).toEqual([
      { from: '2025-12-01', to: '2026-11-29' },
      { from: '2024-12-02', to: '2025-11-30' },
      'month',
      12,
    ])
    expect(cut({ period: 'custom', from: '2026-01-01', to: '2026-06-30' })[2]).toBe('week')
    expect(cut({ period: 'custom', from: '2026-01-01', to: '2026-07-02' })[2]).toBe('month')
  })

  it('covers the range with its buckets, end to end', () => {
    const c = dashboardCalendar(
      { period: 'custom', from: '2026-02-11', to: '2026-05-20' },
      new Date('2026-11-29T02:00:00Z'),
      'Europe/Berlin',
    )
    expect(c.buckets[0]!.start).toEqual(c.current.start)
    expect(c.buckets.at(-1)!.end).toEqual(c.current.end)
    for (let i = 1; i < c.buckets.length; i++) expect(c.buckets[i]!.start).toEqual(c.buckets[i - 1]!.end)
    expect(c.buckets[0]!.key).toBe('2026-02-09')
  })
})
