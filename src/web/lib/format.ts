// Display formatting, only at the edge: values travel as integers (money in minor units,
// docs/decisions/0006), ISO-8601 UTC strings (dates) and byte counts. `locale` defaults to the
// browser's; tests pass one to be deterministic.

import { dateTimeFormat } from '../../shared/intl-formats'

type DateInput = Date | string | number

export interface FormatOptions {
  locale?: string
  /** IANA time zone; the browser's by default. */
  timeZone?: string
}

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`)
  return date
}

/** "22 Nov 2026" (style per locale). */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  return dateTimeFormat(options.locale, { dateStyle: 'medium', timeZone: options.timeZone }).format(
    toDate(value),
  )
}

/** "22 Nov 2026, 14:05" (style per locale). */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  return dateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(toDate(value))
}

const TIMESTAMP_PARTS = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
} as const

/**
 * "22/11/2026, 14:05:09": the locale's numeric date and time to the second, for lists whose entries can
 * be minutes apart (a file's versions, an item's share links).
 */
export function formatTimestamp(value: DateInput, options: FormatOptions = {}): string {
  // What Date#toLocaleString shows by default, with a formatter that is built once.
  return dateTimeFormat(options.locale, { ...TIMESTAMP_PARTS, timeZone: options.timeZone }).format(
    toDate(value),
  )
}

// Sizes too: the server's messages write them the same way.
export { formatBytes } from '../../shared/bytes'
// Money lives in src/shared so the server's HTML formats it the same way.
export { currencyExponent, formatMoney } from '../../shared/money'
