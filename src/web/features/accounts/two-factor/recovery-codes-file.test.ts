import { describe, expect, it } from 'vitest'
import { recoveryCodesFileName, recoveryCodesText } from './recovery-codes-file'

describe('the recovery codes file', () => {
  it('names the site and the day, then one code a line', () => {
    const text = recoveryCodesText('Adé & Co.', ['abcd-efgh', 'ijkm-npqr'], new Date('2026-11-28T23:00:00Z'))
    expect(text.split('\n')).toEqual([
      'Adé & Co.: two-factor sign-in recovery codes',
      'Made 2026-11-28. Each code signs you in once. Keep this file somewhere safe.',
      '',
      'abcd-efgh',
      'ijkm-npqr',
      '',
    ])
  })

  it('is named for the site, safely, and still reads right before the name is known', () => {
    expect(recoveryCodesFileName('Adé & Co.')).toBe('ad-co-recovery-codes.txt')
    expect(recoveryCodesFileName('')).toBe('account-recovery-codes.txt')
    expect(recoveryCodesText('', ['x'], new Date(0))).toMatch(/^Your account: /)
  })
})
