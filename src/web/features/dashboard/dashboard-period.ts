import {
  type DashboardPeriod,
  type DashboardQuery,
  dashboardQuerySchema,
} from '../../../shared/contract/dashboard'

// The period the dashboard shows, kept in the page's URL (?period=7d, or ?period=custom&from=…&to=…) so
// a reload or a shared link shows the same one. Pure functions over URLSearchParams.

export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '12m': '12 months',
  custom: 'Custom range',
}

/** What the URL asks for, checked against the contract: the query, or the messages for each field. */
export type PeriodReading =
  | { ok: true; query: DashboardQuery & { period: DashboardPeriod } }
  | {
      ok: false
      period: DashboardPeriod
      from: string
      to: string
      errors: Partial<Record<'from' | 'to', string>>
    }

export function readPeriod(params: URLSearchParams): PeriodReading {
  const raw = {
    period: params.get('period') ?? undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  }
  const parsed = dashboardQuerySchema.safeParse(raw)
  if (parsed.success) {
    const { period, from, to } = parsed.data
    return { ok: true, query: period === 'custom' ? { period, from, to } : { period } }
  }
  const errors: Partial<Record<'from' | 'to', string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message
  }
  // An unknown period name falls back to the default rather than showing an error.
  if (Object.keys(errors).length === 0) return { ok: true, query: { period: '30d' } }
  return { ok: false, period: 'custom', from: raw.from ?? '', to: raw.to ?? '', errors }
}

/** The URL's query for a period: only what differs from the default. */
export function periodParams(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.period && query.period !== '30d') params.set('period', query.period)
  if (query.period === 'custom') {
    if (query.from) params.set('from', query.from)
    if (query.to) params.set('to', query.to)
  }
  return params
}

/** Checks a custom range as typed: the query, or a message for each field that is wrong. */
export function checkCustomRange(
  from: string,
  to: string,
): { ok: true; query: DashboardQuery } | { ok: false; errors: Partial<Record<'from' | 'to', string>> } {
  const reading = readPeriod(new URLSearchParams({ period: 'custom', from, to }))
  return reading.ok ? { ok: true, query: reading.query } : { ok: false, errors: reading.errors }
}
