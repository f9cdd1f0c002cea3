import { describe, expect, it } from 'vitest'
import type { Caller } from '../lib/http/caller'
import { canEditSiteIdentity, canSeeFirstSteps } from './site.policy'
import { user } from './test-callers'

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
  ])('%s may edit it and see the first steps: %s', (_who, actor, allowed) => {
    expect(canEditSiteIdentity(actor)).toBe(allowed)
    expect(canSeeFirstSteps(actor)).toBe(allowed)
  })
})
