import type { Compared, Dashboard, DashboardBucket } from '../../../shared/contract/dashboard'
import { dateTimeFormat, numberFormat } from '../../../shared/intl-formats'
import { majorUnits } from '../../../shared/money'
import { formatDate, formatMoney } from '../../lib/format'

// How the dashboard writes its figures: money in the shop's currency, changes as words and numbers
// (never colour alone), buckets as the business's calendar reads them, durations in words.

/** The comparison's name: "yesterday", "previous 30 days", "previous 12 months". */
export function previousLabel(d: Pick<Dashboard, 'period' | 'range'>): string {
  if (d.period === 'today') return 'yesterday'
  if (d.period === '7d') return 'previous 7 days'
  if (d.period === '30d') return 'previous 30 days'
  if (d.period === '12m') return 'previous 12 months'
  const days = Math.round((Date.parse(d.range.to) - Date.parse(d.range.from)) / 86_400_000) + 1
  return days === 1 ? 'previous day' : `previous ${days} days`
}

/** "+12 % vs previous 30 days", "−5 % vs yesterday", "No change vs …", "New vs …" (from zero). */
export function changeText({ current, previous }: Compared, versus: string): string {
  if (current === previous) return `No change vs ${versus}`
  if (previous === 0) return `Up from none vs ${versus}`
  const percent = ((current - previous) / Math.abs(previous)) * 100
  const shown = numberFormat(undefined, { maximumFractionDigits: Math.abs(percent) < 10 ? 1 : 0 }).format(
    Math.abs(percent),
  )
  return `${percent > 0 ? '+' : '−'}${shown} % vs ${versus}`
}

export function formatCount(value: number): string {
  return numberFormat(undefined, {}).format(value)
}

export function moneyFormatter(currency: string): (minor: number) => string {
  return (minor) => formatMoney(Math.round(minor), currency)
}

/** Money for a CSV cell: the plain decimal in major units ("1500.50"), the currency in the header. */
export function moneyCsv(currency: string): (minor: number) => string {
  return (minor) => majorUnits(Math.round(minor), currency)
}

/** A bucket key read as a wall-clock moment (UTC stands in for the business's zone: the key is local). */
function bucketDate(bucket: string): Date {
  const padded = bucket.length === 7 ? `${bucket}-01` : bucket
  return new Date(padded.includes('T') ? `${padded}:00Z` : `${padded}T00:00:00Z`)
}

const BUCKET_FORMATS: Record<DashboardBucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { day: 'numeric', month: 'short' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
}

/** "14:00", "29 Mar", "Week of 29 Mar", "Mar 2026". */
export function bucketLabel(bucket: string, kind: DashboardBucket): string {
  const date = bucketDate(bucket)
  if (Number.isNaN(date.getTime())) return bucket
  const text = dateTimeFormat(undefined, { ...BUCKET_FORMATS[kind], timeZone: 'UTC' }).format(date)
  return kind === 'week' ? `Week of ${text}` : text
}

/** A short tick label: the same without "Week of". */
export function bucketTick(bucket: string, kind: DashboardBucket): string {
  return bucketLabel(bucket, kind === 'week' ? 'day' : kind)
}

/** "29 Mar 2026 – 27 Apr 2026", or one day. */
export function rangeLabel(range: { from: string; to: string }): string {
  const format = (day: string) => formatDate(bucketDate(day), { timeZone: 'UTC' })
  return range.from === range.to ? format(range.from) : `${format(range.from)} – ${format(range.to)}`
}

const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
  numberFormat(undefined, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value)

/** "under a minute", "14 minutes", "3 hours 20 minutes", "2 days 5 hours". */
export function durationWords(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  if (minutes < 1) return 'under a minute'
  if (minutes < 60) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24)
    return [unit(hours, 'hour'), minutes % 60 ? unit(minutes % 60, 'minute') : ''].join(' ').trim()
  const days = Math.floor(hours / 24)
  return [unit(days, 'day'), hours % 24 ? unit(hours % 24, 'hour') : ''].join(' ').trim()
}
