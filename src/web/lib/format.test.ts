import { describe, expect, it } from 'vitest'
import {
  currencyExponent,
  formatBytes,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTimestamp,
} from './format'

// Intl separates currency symbols with a no-break space in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatMoney', () => {
  it('formats kobo as naira', () => {
    expect(formatMoney(150000, 'NGN', { locale: 'en-NG' })).toBe('₦1,500.00')
    expect(formatMoney(5, 'NGN', { locale: 'en-NG' })).toBe('₦0.05')
    expect(formatMoney(0, 'NGN', { locale: 'en-NG' })).toBe('₦0.00')
    expect(formatMoney(150000, 'NGN', { locale: 'en-US' })).toBe('₦1,500.00')
    expect(plain(formatMoney(150000, 'NGN', { locale: 'fr-FR' }))).toBe('1 500,00 ₦')
  })

  it('takes the minor-unit exponent from Intl (JPY 0, KWD 3)', () => {
    expect(currencyExponent('NGN')).toBe(2)
    expect(currencyExponent('JPY')).toBe(0)
    expect(currencyExponent('KWD')).toBe(3)
    expect(formatMoney(1500, 'JPY', { locale: 'en-US' })).toBe('¥1,500')
    expect(plain(formatMoney(1500, 'KWD', { locale: 'en-US' }))).toBe('KWD 1.500')
  })

  it('is exact where float arithmetic is not', () => {
    // Dividing by 100 in floating point gives …359.90 for this one; the decimal string stays exact.
    expect(formatMoney(9_007_199_254_735_991, 'USD', { locale: 'en-US' })).toBe('$90,071,992,547,359.91')
    expect(formatMoney(-2550, 'USD', { locale: 'en-US' })).toBe('-$25.50')
  })

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMoney(10.5, 'NGN')).toThrow(RangeError)
    expect(() => formatMoney(Number.NaN, 'NGN')).toThrow(RangeError)
  })
})

describe('dates', () => {
  const instant = '2026-11-22T14:05:00Z'

  it('formats dates and times with Intl in the given zone', () => {
    expect(formatDate(instant, { locale: 'en-GB', timeZone: 'UTC' })).toBe('22 Nov 2026')
    expect(formatDateTime(instant, { locale: 'en-GB', timeZone: 'Africa/Lagos' })).toBe('22 Nov 2026, 15:05')
    expect(formatTimestamp('2026-11-22T14:05:09Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      '22 Nov 2026, 14:05:09',
    )
  })

  it('writes the three in one shape: the date, then the time to the minute or the second', () => {
    const when = '2026-11-22T14:05:09Z'
    for (const locale of ['en-GB', 'en-US', 'de']) {
      const options = { locale, timeZone: 'Africa/Lagos' }
      const day = formatDate(when, options)
      expect(formatDateTime(when, options).startsWith(day), locale).toBe(true)
      expect(formatTimestamp(when, options).startsWith(day), locale).toBe(true)
      expect(formatTimestamp(when, options)).toMatch(/\b(15|3):05:09\b/)
    }
  })

  it('refuses what is not a date rather than printing "Invalid Date"', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError)
    expect(() => formatTimestamp('not a date')).toThrow(RangeError)
  })
})

describe('formatBytes', () => {
  it('is the shared one: steps of 1024, read as KB, MB, GB', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(999)).toBe('999 bytes')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB')
  })
})
