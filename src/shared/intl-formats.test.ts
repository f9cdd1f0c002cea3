import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat } from './intl-formats'
import { formatMoney } from './money'

describe('shared Intl formatters', () => {
  it('builds one formatter per locale and options and hands it out again', () => {
    const options = { style: 'currency', currency: 'NGN' } as const
    const first = numberFormat('en', options)
    expect(numberFormat('en', { ...options })).toBe(first)
    expect(numberFormat('en', { ...options, currency: 'USD' })).not.toBe(first)
    expect(numberFormat('fr', options)).not.toBe(first)
    expect(dateTimeFormat(undefined, { dateStyle: 'medium' })).toBe(
      dateTimeFormat(undefined, { dateStyle: 'medium' }),
    )
  })

  it('formats as a fresh formatter would, whichever came first', () => {
    expect(formatMoney(150050, 'NGN', { locale: 'en' })).toBe('₦1,500.50')
    expect(formatMoney(150050, 'NGN', { locale: 'de' })).toBe(
      new Intl.NumberFormat('de', {
        style: 'currency',
        currency: 'NGN',
        currencyDisplay: 'narrowSymbol',
      }).format(1500.5),
    )
    expect(formatMoney(150050, 'NGN', { locale: 'en' })).toBe('₦1,500.50')
  })

  it('stays bounded when many keys come and go, and still answers right', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 200)
    const when = new Date('2026-11-22T14:05:09Z')
    const first = dateTimeFormat('en-GB', { timeStyle: 'short', timeZone: zones[0] })
    for (const timeZone of zones) {
      expect(dateTimeFormat('en-GB', { timeStyle: 'short', timeZone }).format(when)).toBe(
        new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone }).format(when),
      )
    }
    // The first zone's formatter was dropped along the way (the cache does not grow with the keys) and
    // is built anew.
    const again = dateTimeFormat('en-GB', { timeStyle: 'short', timeZone: zones[0] })
    expect(again).not.toBe(first)
    expect(again.format(when)).toBe(first.format(when))
  })
})
