import { describe, expect, it } from 'vitest'
import { formatMoney, majorUnits } from './money'

describe('majorUnits', () => {
  it('writes minor units as an exact decimal in major units, as CSV carries them', () => {
    expect(majorUnits(150050, 'NGN')).toBe('1500.50')
    expect(majorUnits(5, 'NGN')).toBe('0.05')
    expect(majorUnits(0, 'NGN')).toBe('0.00')
    expect(majorUnits(-1250, 'NGN')).toBe('-12.50')
    expect(majorUnits(1500, 'JPY')).toBe('1500')
    expect(majorUnits(1500, 'KWD')).toBe('1.500')
    expect(majorUnits(900719925474099, 'NGN')).toBe('9007199254740.99')
  })

  it('refuses what is not a whole number of minor units', () => {
    expect(() => majorUnits(1.5, 'NGN')).toThrow(RangeError)
  })

  it('is the amount formatMoney shows', () => {
    expect(formatMoney(150050, 'NGN', { locale: 'en' })).toBe('₦1,500.50')
  })
})
