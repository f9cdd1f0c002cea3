// Display formatting, only at the edge: values travel as integers (money in minor units,
// docs/decisions/0006), ISO-8601 UTC strings (dates) and byte counts. `locale` defaults to the
// browser's; tests pass one to be deterministic.
//
// Dates, one rule for the whole web (docs/decisions/0138): every date shown to people goes through
// these three, in the reader's locale and time zone, in the locale's medium style.
// - formatDate: a day, "22 Nov 2026" (en-GB; "Nov 22, 2026" in en-US).
// - formatDateTime: a moment, "22 Nov 2026, 14:05".
// - formatTimestamp: a moment to the second, "22 Nov 2026, 14:05:09", only where entries can be
//   seconds apart and must be told apart (a file's versions).
// Nothing else formats a date for display (src/web-dates.test.ts checks): no
// toLocaleString, toLocaleDateString or Intl.DateTimeFormat of its own. A date an input or a file
// name needs (YYYY-MM-DD) is data, not display.

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

/** "22 Nov 2026, 14:05:09" (style per locale): formatDateTime to the second, for a file's versions. */
export function formatTimestamp(value: DateInput, options: FormatOptions = {}): string {
  return dateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: options.timeZone,
  }).format(toDate(value))
}

// Sizes too: the server's messages write them the same way.
export { formatBytes } from '../../shared/bytes'
// Money lives in src/shared so the server's HTML formats it the same way.
export { currencyExponent, formatMoney } from '../../shared/money'
