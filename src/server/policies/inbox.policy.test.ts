import { describe, expect, it } from 'vitest'
import type { StaffFunction } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import { OPERATOR } from '../lib/http/caller'
import {
  canBeAssignedInbox,
  canChangeInboxSettings,
  canConverse,
  canHandlePrivacyRequests,
  canTriageInbox,
  inboxEntryAbilities,
} from './inbox.policy'

const user = (
  role: 'user' | 'staff' | 'admin',
  staffFunctions: StaffFunction[] = [],
  isRestricted = false,
): Caller => ({
  kind: 'user',
  id: 'u1',
  name: 'Test person',
  email: 'person@example.com',
  role,
  staffFunctions,
  isRestricted,
  emailVerified: true,
})

// actor → [triage, settings, privacy]
const table: [string, Caller, [boolean, boolean, boolean]][] = [
  ['anonymous', { kind: 'anonymous' }, [false, false, false]],
  ['user', user('user'), [false, false, false]],
  [
    'user holding ManageFeedback without the staff role',
    user('user', ['ManageFeedback']),
    [false, false, false],
  ],
  ['staff with ManageFeedback', user('staff', ['ManageFeedback']), [true, false, false]],
  [
    'staff with every other function',
    user('staff', ['ManageFolders', 'AccessShop', 'UploadProducts']),
    [false, false, false],
  ],
  ['restricted staff with ManageFeedback', user('staff', ['ManageFeedback'], true), [false, false, false]],
  ['admin', user('admin'), [true, true, true]],
  ['restricted admin', user('admin', [], true), [false, false, false]],
]

describe('inbox policy', () => {
  it.each(table)('%s', (_name, actor, [triage, settings, privacy]) => {
    expect([canTriageInbox(actor), canChangeInboxSettings(actor), canHandlePrivacyRequests(actor)]).toEqual([
      triage,
      settings,
      privacy,
    ])
  })

  it('offers resolve on pending entries and reopen on resolved ones, to triage staff only', () => {
    const staff = user('staff', ['ManageFeedback'])
    const converse = { reply: true, assign: true }
    expect(inboxEntryAbilities(staff, 'pending')).toEqual({
      resolve: true,
      reopen: false,
      delete: true,
      ...converse,
    })
    expect(inboxEntryAbilities(staff, 'resolved')).toEqual({
      resolve: false,
      reopen: true,
      delete: true,
      ...converse,
    })
    expect(inboxEntryAbilities(user('user'), 'pending')).toEqual({
      resolve: false,
      reopen: false,
      delete: false,
      reply: false,
      assign: false,
    })
  })

  it('lets triage staff converse as themselves, never the operator, and assigns only to the inbox team', () => {
    expect(canConverse(user('staff', ['ManageFeedback']))).toBe(true)
    expect(canConverse(user('admin'))).toBe(true)
    expect(canConverse(user('staff', ['AccessShop']))).toBe(false)
    expect(canConverse(user('staff', ['ManageFeedback'], true))).toBe(false)
    expect(canConverse(OPERATOR)).toBe(false)
    expect(canBeAssignedInbox({ role: 'staff', staffFunctions: ['ManageFeedback'] })).toBe(true)
    expect(canBeAssignedInbox({ role: 'admin', staffFunctions: [] })).toBe(true)
    expect(
      canBeAssignedInbox({ role: 'staff', staffFunctions: ['ManageFeedback'], isRestricted: true }),
    ).toBe(false)
    expect(canBeAssignedInbox({ role: 'user', staffFunctions: [] })).toBe(false)
  })
})
