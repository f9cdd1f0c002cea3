import { describe, expect, it } from 'vitest'
import { minorToInput, parseMoneyInput } from './money-input'

describe('price input', () => {
  it('turns major units into integer minor units without floating point', () => {
    expect(parseMoneyInput('1500', 'NGN')).toEqual({ ok: true, minor: 150000 })
    expect(parseMoneyInput('1,500.5', 'NGN')).toEqual({ ok: true, minor: 150050 })
    expect(parseMoneyInput('0.29', 'NGN')).toEqual({ ok: true, minor: 29 })
    expect(parseMoneyInput('0', 'NGN')).toEqual({ ok: true, minor: 0 })
    expect(parseMoneyInput('500', 'JPY')).toEqual({ ok: true, minor: 500 })
  })

  it('refuses what is not a price', () => {
    for (const text of ['', '-1', '1.234', 'abc', '1e5']) expect(parseMoneyInput(text, 'NGN').ok).toBe(false)
    expect(parseMoneyInput('5.5', 'JPY').ok).toBe(false)
  })

  it('shows a stored price for editing', () => {
    expect(minorToInput(150050, 'NGN')).toBe('1500.50')
    expect(minorToInput(5, 'NGN')).toBe('0.05')
    expect(minorToInput(500, 'JPY')).toBe('500')
  })
})
