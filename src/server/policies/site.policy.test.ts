import { describe, expect, it } from 'vitest'
import type { Actor } from './actor'
import { canEditSiteIdentity } from './site.policy'

const user = (over: Partial<Extract<Actor, { kind: 'user' }>>): Actor => ({
  kind: 'user',
  id: 'u',
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
    ['a visitor', { kind: 'anonymous' } as Actor, false],
  ])('%s may edit: %s', (_who, actor, allowed) => {
    expect(canEditSiteIdentity(actor)).toBe(allowed)
  })
})
