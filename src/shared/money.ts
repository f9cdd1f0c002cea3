// Money display, shared by the web app and the server's HTML (the emulator's checkout page, the
// receipt e-mail) so a price reads the same everywhere: ₦5,000.00, never "NGN 5,000.00" in one place
// and "₦5,000.00" in another. Values travel as integers in minor units (docs/decisions/0006).

import { numberFormat } from './intl-formats'

const exponents = new Map<string, number>()

/**
 * How many minor units a currency has (NGN 2, JPY 0, KWD 3), from Intl rather than our own table.
 * Kept per currency: reading a formatter's resolved options costs microseconds, and an export asks for
 * every money cell.
 */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency)
  if (exponent === undefined) {
    exponent =
      numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    exponents.set(currency, exponent)
  }
  return exponent
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
  const decimal = majorUnits(minorUnits, currency)
  const formatter = numberFormat(options.locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  })
  // TypeScript's lib types `format` as number | bigint; runtimes since 2023 accept exact decimal strings.
  return formatter.format(decimal as unknown as number)
}

/**
 * The plain decimal amount in major units, exact and without symbol or grouping: `majorUnits(150050,
 * 'NGN')` is "1500.50". What machine-readable outputs (CSV) carry beside a separate currency code.
 */
export function majorUnits(minorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money is an integer count of minor units, got ${minorUnits}`)
  }
  const exponent = currencyExponent(currency)
  const digits = String(Math.abs(minorUnits)).padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  return `${minorUnits < 0 ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`
}
