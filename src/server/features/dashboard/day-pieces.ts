import type { TimeSpan } from './bucket-calendar'

// A span of time as the day totals can answer it (docs/decisions/0144): the whole UTC days inside it,
// read off the totals, and the partial days at its ends, read off the rows. A span in a time zone east
// or west of UTC starts and ends inside a UTC day, so its ends are a few hours of rows each; a span
// shorter than a whole UTC day is all rows.

const DAY_MS = 86_400_000

/** Whole UTC days `[from, to)` of span `i`, as 'YYYY-MM-DD'. */
export interface DayRange {
  i: number
  from: string
  to: string
}

/** A part of span `i` that is not a whole UTC day. */
export interface EdgeSpan {
  i: number
  span: TimeSpan
}

export interface DayPieces {
  days: DayRange[]
  edges: EdgeSpan[]
}

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export function splitByUtcDays(spans: readonly TimeSpan[]): DayPieces {
  const days: DayRange[] = []
  const edges: EdgeSpan[] = []
  spans.forEach((span, i) => {
    const start = span.start.getTime()
    const end = span.end.getTime()
    if (end <= start) return
    const firstDay = Math.ceil(start / DAY_MS) * DAY_MS
    const lastDay = Math.floor(end / DAY_MS) * DAY_MS
    if (firstDay >= lastDay) {
      edges.push({ i, span })
      return
    }
    days.push({ i, from: dayKey(firstDay), to: dayKey(lastDay) })
    if (start < firstDay) edges.push({ i, span: { start: span.start, end: new Date(firstDay) } })
    if (lastDay < end) edges.push({ i, span: { start: new Date(lastDay), end: span.end } })
  })
  return { days, edges }
}

export interface MonthPieces extends DayPieces {
  /** Whole UTC months `[from, to)` of span `i`, each as its first day. */
  months: DayRange[]
}

const monthStart = (ms: number, add: number) => {
  const at = new Date(ms)
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1)
}

/** As `splitByUtcDays`, with the whole UTC months among the days taken out as months. */
export function splitByUtcMonths(spans: readonly TimeSpan[]): MonthPieces {
  const { days, edges } = splitByUtcDays(spans)
  const months: DayRange[] = []
  const rest: DayRange[] = []
  for (const range of days) {
    const from = Date.parse(`${range.from}T00:00:00Z`)
    const to = Date.parse(`${range.to}T00:00:00Z`)
    const firstMonth = monthStart(from, from === monthStart(from, 0) ? 0 : 1)
    const lastMonth = monthStart(to, 0)
    if (firstMonth >= lastMonth) {
      rest.push(range)
      continue
    }
    months.push({ i: range.i, from: dayKey(firstMonth), to: dayKey(lastMonth) })
    if (from < firstMonth) rest.push({ i: range.i, from: range.from, to: dayKey(firstMonth) })
    if (lastMonth < to) rest.push({ i: range.i, from: dayKey(lastMonth), to: range.to })
  }
  return { months, days: rest, edges }
}
