import { describe, expect, it } from 'vitest'
import { user } from './test-callers'
import {
  canChangeSecuritySettings,
  canResetTwoFactor,
  twoFactorDeadline,
  twoFactorRequiredFor,
} from './two-factor.policy'

describe('two-factor policy', () => {
  it('requires it of admins, or of staff and admins, never of customers', () => {
    expect(twoFactorRequiredFor('admin', 'admins')).toBe(true)
    expect(twoFactorRequiredFor('staff', 'admins')).toBe(false)
    expect(twoFactorRequiredFor('admin', 'staff')).toBe(true)
    expect(twoFactorRequiredFor('staff', 'staff')).toBe(true)
    expect(twoFactorRequiredFor('user', 'staff')).toBe(false)
    expect(twoFactorRequiredFor('admin', 'off')).toBe(false)
    expect(twoFactorRequiredFor('staff', 'off')).toBe(false)
  })

  it('gives 7 days from the later of the first sign-in and the requirement, none before a sign-in', () => {
    const day = 24 * 60 * 60 * 1000
    const at = (ms: number) => new Date(ms).toISOString()
    expect(twoFactorDeadline(at(0), null)).toEqual(new Date(7 * day))
    expect(twoFactorDeadline(at(0), at(30 * day))).toEqual(new Date(37 * day))
    expect(twoFactorDeadline(at(30 * day), at(0))).toEqual(new Date(37 * day))
    expect(twoFactorDeadline(null, at(day))).toEqual(new Date(8 * day))
    expect(twoFactorDeadline(null, null)).toBeNull()
  })

  it('lets admins reset someone else’s second factor, nobody their own', () => {
    expect(canResetTwoFactor(user({ role: 'admin' }), 'other')).toBe(true)
    expect(canResetTwoFactor(user({ role: 'admin' }), 'u')).toBe(false)
    expect(canResetTwoFactor(user({ role: 'admin', isRestricted: true }), 'other')).toBe(false)
    expect(canResetTwoFactor(user({ role: 'staff', staffFunctions: ['ManageFolders'] }), 'other')).toBe(false)
    expect(canResetTwoFactor({ kind: 'anonymous' }, 'other')).toBe(false)
  })

  it('leaves the security settings to admins', () => {
    expect(canChangeSecuritySettings(user({ role: 'admin' }))).toBe(true)
    expect(canChangeSecuritySettings(user({ role: 'staff' }))).toBe(false)
    expect(canChangeSecuritySettings({ kind: 'anonymous' })).toBe(false)
  })
})
