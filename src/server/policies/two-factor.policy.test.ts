import { describe, expect, it } from 'vitest'
import type { Caller, SignedInCaller } from '../lib/http/caller'
import { canChangeSecuritySettings, canResetTwoFactor, twoFactorRequiredFor } from './two-factor.policy'

const user = (over: Partial<SignedInCaller> = {}): Caller => ({
  kind: 'user',
  id: 'me',
  name: 'Test person',
  email: 'person@example.com',
  role: 'user',
  staffFunctions: [],
  isRestricted: false,
  emailVerified: true,
  ...over,
})

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
    expect(canResetTwoFactor(user({ role: 'admin' }), 'me')).toBe(false)
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
