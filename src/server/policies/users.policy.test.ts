import { describe, expect, it } from 'vitest'
import type { Caller } from '../lib/http/caller'
import { user } from './test-callers'
import {
  type AccessChange,
  canEndSessionsOf,
  decideAccessChange,
  effectiveStaffFunctions,
  type UserSnapshot,
} from './users.policy'

const actor = (id: string, role: 'user' | 'staff' | 'admin', isRestricted = false): Caller =>
  user({
    id,
    role,
    staffFunctions:
      role === 'staff' ? ['ManageFolders', 'AccessShop', 'UploadProducts', 'ManageFeedback'] : [],
    isRestricted,
  })
const admin = actor('admin-1', 'admin')
const target = (id: string, role: UserSnapshot['role'], isRestricted = false): UserSnapshot => ({
  id,
  role,
  isRestricted,
})

// actor × target × change × active admins → allowed?
const cases: [string, Caller, UserSnapshot, AccessChange, number, boolean][] = [
  ['anonymous changes a role', { kind: 'anonymous' }, target('u', 'user'), { role: 'staff' }, 2, false],
  ['a user promotes themself', actor('u', 'user'), target('u', 'user'), { role: 'admin' }, 1, false],
  [
    'staff with every function changes a role',
    actor('s', 'staff'),
    target('u', 'user'),
    { role: 'staff' },
    1,
    false,
  ],
  [
    'a restricted admin changes a role',
    actor('a2', 'admin', true),
    target('u', 'user'),
    { role: 'staff' },
    2,
    false,
  ],
  [
    'an admin promotes a user to staff',
    admin,
    target('u', 'user'),
    { role: 'staff', staffFunctions: ['AccessShop'] },
    1,
    true,
  ],
  [
    'an admin sets functions of staff',
    admin,
    target('s', 'staff'),
    { staffFunctions: ['ManageFeedback'] },
    1,
    true,
  ],
  ['an admin restricts a user', admin, target('u', 'user'), { isRestricted: true }, 1, true],
  ['an admin lifts a restriction', admin, target('u', 'user', true), { isRestricted: false }, 1, true],
  ['an admin restricts themself', admin, target('admin-1', 'admin'), { isRestricted: true }, 3, false],
  ['an admin demotes themself', admin, target('admin-1', 'admin'), { role: 'staff' }, 3, false],
  ['an admin keeps their own role (no-op)', admin, target('admin-1', 'admin'), { role: 'admin' }, 1, true],
  ['an admin demotes another admin', admin, target('a2', 'admin'), { role: 'user' }, 2, true],
  ['an admin demotes the last admin', admin, target('a2', 'admin'), { role: 'user' }, 1, false],
  ['an admin restricts the last other admin', admin, target('a2', 'admin'), { isRestricted: true }, 1, false],
  ['an admin restricts another admin', admin, target('a2', 'admin'), { isRestricted: true }, 2, true],
  [
    'an admin demotes an already restricted admin',
    admin,
    target('a3', 'admin', true),
    { role: 'user' },
    1,
    true,
  ],
]

describe('decideAccessChange', () => {
  it.each(cases)('%s', (_label, who, whom, change, admins, allowed) => {
    expect(decideAccessChange(who, whom, change, admins).ok).toBe(allowed)
  })

  it('explains a refusal in words a person can act on', () => {
    const decision = decideAccessChange(admin, target('a2', 'admin'), { role: 'user' }, 1)
    expect(decision).toEqual({
      ok: false,
      reason: 'This is the last admin: make someone else an admin first.',
    })
  })
})

describe('effectiveStaffFunctions', () => {
  it('keeps functions for staff only, without duplicates', () => {
    expect(effectiveStaffFunctions('staff', ['AccessShop', 'AccessShop'])).toEqual(['AccessShop'])
    expect(effectiveStaffFunctions('user', ['AccessShop'])).toEqual([])
    expect(effectiveStaffFunctions('admin', ['AccessShop'])).toEqual([])
  })
})

describe('canEndSessionsOf', () => {
  it('lets admins end anyone’s sessions and users only their own', () => {
    expect(canEndSessionsOf(admin, 'u')).toBe(true)
    expect(canEndSessionsOf(actor('u', 'user'), 'u')).toBe(true)
    expect(canEndSessionsOf(actor('u', 'user'), 'v')).toBe(false)
    expect(canEndSessionsOf({ kind: 'anonymous' }, 'u')).toBe(false)
  })
})
