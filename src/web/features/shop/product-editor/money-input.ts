import { currencyExponent } from '../../../lib/format'

// Staff type prices in the currency's major unit ("1500" or "1,500.50" naira); the API takes integer
// minor units (kobo). The conversion is done on the digits, never with floating point.

export type MoneyParse = { ok: true; minor: number } | { ok: false; message: string }

export function parseMoneyInput(text: string, currency: string): MoneyParse {
  const exponent = currencyExponent(currency)
  const cleaned = text.trim().replace(/[\s,]/g, '')
  if (cleaned === '') return { ok: false, message: 'Price is required.' }
  if (cleaned.startsWith('-')) return { ok: false, message: 'Price cannot be negative.' }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned)
  if (!match) return { ok: false, message: 'Type a price like 1500 or 1500.50.' }
  const fraction = match[2] ?? ''
  if (fraction.length > exponent) {
    return {
      ok: false,
      message:
        exponent === 0
          ? `${currency} prices have no decimals.`
          : `Use at most ${exponent} decimals (the smallest unit of ${currency}).`,
    }
  }
  const digits = `${match[1]}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '')
  const minor = Number(digits)
  if (!Number.isSafeInteger(minor)) return { ok: false, message: 'Price is too large.' }
  return { ok: true, minor }
}

/** The inverse, for an edit form's initial value: 150000 kobo → "1500.00". */
export function minorToInput(minor: number, currency: string): string {
  const exponent = currencyExponent(currency)
  if (exponent === 0) return String(minor)
  const digits = String(minor).padStart(exponent + 1, '0')
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`
}
