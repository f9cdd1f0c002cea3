import { describe, expect, it } from 'vitest'
import { user } from './test-callers'
import { canChangeSecuritySettings, canResetTwoFactor, twoFactorRequiredFor } from './two-factor.policy'

describe('two-factor policy', () => {
  it('requires it of staff and admins only, and only once the setting is on', () => {
    expect(twoFactorRequiredFor('admin', true)).toBe(true)
    expect(twoFactorRequiredFor('staff', true)).toBe(true)
    expect(twoFactorRequiredFor('user', true)).toBe(false)
    expect(twoFactorRequiredFor('admin', false)).toBe(false)
    expect(twoFactorRequiredFor('staff', false)).toBe(false)
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
