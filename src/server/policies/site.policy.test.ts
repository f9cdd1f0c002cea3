import { describe, expect, it } from 'vitest'
import type { Caller, SignedInCaller } from '../lib/http/caller'
import { canEditSiteIdentity } from './site.policy'

const user = (over: Partial<SignedInCaller>): Caller => ({
  kind: 'user',
  id: 'u',
  name: 'Test person',
  email: 'person@example.com',
  role: 'user',
  staffFunctions: [],
  isRestricted: false,
  emailVerified: true,
  ...over,
})

describe('site identity policy', () => {
  it.each([
    ['an admin', user({ role: 'admin' }), true],
    ['a restricted admin', user({ role: 'admin', isRestricted: true }), false],
    [
      'staff with every function',
      user({ role: 'staff', staffFunctions: ['AccessShop', 'ManageFeedback'] }),
      false,
    ],
    ['a customer', user({}), false],
    ['a visitor', { kind: 'anonymous' } as Caller, false],
  ])('%s may edit: %s', (_who, actor, allowed) => {
    expect(canEditSiteIdentity(actor)).toBe(allowed)
  })
})
