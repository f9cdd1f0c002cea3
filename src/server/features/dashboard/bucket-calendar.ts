import type { DashboardBucket, DashboardPeriod } from '../../../shared/contract/dashboard'

// The business's calendar (docs/decisions/0131): which local days a period covers, how it is cut into
// buckets, and the UTC instant where each bucket starts and ends. Computed here with Intl, never by
// the database, so SQLite and PostgreSQL are handed the same instants and count the same rows. A
// local day is [its first instant, the next day's first instant): 23 or 25 hours across a DST change.

/** A calendar day, `2026-03-29`. */
export type Day = string

export interface TimeSpan {
  start: Date
  end: Date
}

export interface Bucket extends TimeSpan {
  /** Where the bucket starts in the business's zone (see the contract's bucket key). */
  key: string
}

export interface DashboardCalendar {
  period: DashboardPeriod
  range: { from: Day; to: Day }
  previousRange: { from: Day; to: Day }
  bucket: DashboardBucket
  /** The range and the previous range as instants: [first instant of `from`, first instant after `to`). */
  current: TimeSpan
  previous: TimeSpan
  /** The range cut into buckets, in order, together covering `current` exactly. */
  buckets: Bucket[]
}

const DAY_MS = 86_400_000
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall clock in `timeZone` at an instant: `2026-03-29T03:00`. */
export function localDateTime(at: Date | number, timeZone: string): string {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

export function localDay(at: Date | number, timeZone: string): Day {
  return localDateTime(at, timeZone).slice(0, 10)
}

/** True when the zone is one Intl knows (an IANA name such as Europe/Berlin). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone)
    return true
  } catch {
    return false
  }
}

const dayNumber = (day: Day) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayOf = (n: number): Day => new Date(n * DAY_MS).toISOString().slice(0, 10)
export const addDays = (day: Day, n: number): Day => dayOf(dayNumber(day) + n)
const daysBetween = (from: Day, to: Day) => dayNumber(to) - dayNumber(from) + 1

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (to the minute). */
function offsetAt(at: number, timeZone: string): number {
  const wall = Date.parse(`${localDateTime(at, timeZone)}:00Z`)
  return wall - Math.floor(at / 60_000) * 60_000
}

/**
 * The first instant of a local day. Usually local midnight, found from the zone's offset there; when
 * midnight does not exist (a DST change at midnight: the day starts at 01:00), the earliest second
 * whose local date is `day`, found by halving a window wide enough for every offset (UTC−12 to +14).
 */
function firstInstantOf(day: Day, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone)
  const at = midnightUtc - offsetAt(guess, timeZone)
  if (localDateTime(at, timeZone) === `${day}T00:00` && localDay(at - 1000, timeZone) < day)
    return new Date(at)
  let lo = midnightUtc / 1000 - 15 * 3600 // local date before `day` here, whatever the zone
  let hi = midnightUtc / 1000 + 15 * 3600 // local date `day` or later here
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (localDay(mid * 1000, timeZone) >= day) hi = mid
    else lo = mid
  }
  return new Date(hi * 1000)
}

const dayStarts = new Map<string, number>()

/** The first instant of a local day (remembered: a zone's past days do not move). */
export function startOfDay(day: Day, timeZone: string): Date {
  const key = `${timeZone} ${day}`
  const known = dayStarts.get(key)
  if (known !== undefined) return new Date(known)
  const start = firstInstantOf(day, timeZone)
  if (dayStarts.size >= 20_000) dayStarts.clear()
  dayStarts.set(key, start.getTime())
  return start
}

/** How a range of `days` days is cut (the contract's DASHBOARD_BUCKETS). */
export function bucketFor(period: DashboardPeriod, days: number): DashboardBucket {
  if (period === 'today') return 'hour'
  if (days <= 31) return 'day'
  if (days <= 26 * 7) return 'week'
  return 'month'
}

/** The Monday of the week `day` is in. */
function mondayOf(day: Day): Day {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7))
}

function keyOf(bucket: DashboardBucket, day: Day): string {
  if (bucket === 'week') return mondayOf(day)
  if (bucket === 'month') return day.slice(0, 7)
  return day
}

function hourBuckets(span: TimeSpan, timeZone: string): Bucket[] {
  const buckets: Bucket[] = []
  for (let t = span.start.getTime(); t < span.end.getTime(); t += 3_600_000) {
    const end = Math.min(t + 3_600_000, span.end.getTime())
    buckets.push({ key: localDateTime(t, timeZone), start: new Date(t), end: new Date(end) })
  }
  return buckets
}

/** Day, week or month buckets: a new one starts on every day whose key differs from the day before's. */
function dayBuckets(range: { from: Day; to: Day }, bucket: DashboardBucket, timeZone: string): Bucket[] {
  const starts: { key: string; day: Day }[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const key = keyOf(bucket, day)
    if (starts.at(-1)?.key !== key) starts.push({ key, day })
  }
  const instants = [
    ...starts.map((s) => startOfDay(s.day, timeZone)),
    startOfDay(addDays(range.to, 1), timeZone),
  ]
  return starts.map((s, i) => ({ key: s.key, start: instants[i] as Date, end: instants[i + 1] as Date }))
}

function rangeOf(
  query: { period: DashboardPeriod; from?: Day; to?: Day },
  today: Day,
): { from: Day; to: Day } {
  switch (query.period) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case '30d':
      return { from: addDays(today, -29), to: today }
    case '12m': {
      const [year, month] = today.split('-').map(Number) as [number, number]
      const first = new Date(Date.UTC(year, month - 1 - 11, 1)).toISOString().slice(0, 10)
      return { from: first, to: today }
    }
    case 'custom':
      return { from: query.from ?? today, to: query.to ?? today }
  }
}

const spanOf = (range: { from: Day; to: Day }, timeZone: string): TimeSpan => ({
  start: startOfDay(range.from, timeZone),
  end: startOfDay(addDays(range.to, 1), timeZone),
})

/** The period's days, the same number of days just before, and its buckets, at `now` in `timeZone`. */
export function dashboardCalendar(
  query: { period: DashboardPeriod; from?: Day; to?: Day },
  now: Date,
  timeZone: string,
): DashboardCalendar {
  const range = rangeOf(query, localDay(now, timeZone))
  const days = daysBetween(range.from, range.to)
  const previousRange = { from: addDays(range.from, -days), to: addDays(range.from, -1) }
  const bucket = bucketFor(query.period, days)
  const current = spanOf(range, timeZone)
  return {
    period: query.period,
    range,
    previousRange,
    bucket,
    current,
    previous: spanOf(previousRange, timeZone),
    buckets: bucket === 'hour' ? hourBuckets(current, timeZone) : dayBuckets(range, bucket, timeZone),
  }
}
