// Display formatting, only at the edge: values travel as integers (money in minor units,
// docs/decisions/0006), ISO-8601 UTC strings (dates) and byte counts. `locale` defaults to the
// browser's; tests pass one to be deterministic.

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
  return new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeZone: options.timeZone }).format(
    toDate(value),
  )
}

/** "22 Nov 2026, 14:05" (style per locale). */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(toDate(value))
}

/** How many minor units a currency has (NGN 2, JPY 0, KWD 3), from Intl rather than our own table. */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  )
}

/**
 * Formats an integer amount of a currency's minor units: `formatMoney(150000, 'NGN')` is ₦1,500.00.
 * The major amount is built as a decimal string and handed to Intl as such, so no float rounding
 * can creep in (Intl.NumberFormat formats decimal strings exactly). The narrow symbol (₦ rather than
 * "NGN" in an en-US browser) reads naturally, and a store has one currency, so it is not ambiguous.
 */
export function formatMoney(minorUnits: number, currency: string, options: { locale?: string } = {}): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money is an integer count of minor units, got ${minorUnits}`)
  }
  const exponent = currencyExponent(currency)
  const digits = String(Math.abs(minorUnits)).padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  const decimal = `${minorUnits < 0 ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`
  const formatter = new Intl.NumberFormat(options.locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  })
  // TypeScript's lib types `format` as number | bigint; runtimes since 2023 accept exact decimal strings.
  return formatter.format(decimal as unknown as number)
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** "1.5 MB": decimal units, as file managers show sizes. */
export function formatBytes(bytes: number, options: { locale?: string } = {}): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return new Intl.NumberFormat(options.locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value)
}
