import { describe, expect, it } from 'vitest'
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
import { actor } from './test-callers'

// actor → [triage, settings, privacy]
const table: [string, Caller, [boolean, boolean, boolean]][] = [
  ['anonymous', { kind: 'anonymous' }, [false, false, false]],
  ['user', actor('user'), [false, false, false]],
  [
    'user holding ManageFeedback without the staff role',
    actor('user', ['ManageFeedback']),
    [false, false, false],
  ],
  ['staff with ManageFeedback', actor('staff', ['ManageFeedback']), [true, false, false]],
  [
    'staff with every other function',
    actor('staff', ['ManageFolders', 'AccessShop', 'UploadProducts']),
    [false, false, false],
  ],
  ['restricted staff with ManageFeedback', actor('staff', ['ManageFeedback'], true), [false, false, false]],
  ['admin', actor('admin'), [true, true, true]],
  ['restricted admin', actor('admin', [], true), [false, false, false]],
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
    const staff = actor('staff', ['ManageFeedback'])
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
    expect(inboxEntryAbilities(actor('user'), 'pending')).toEqual({
      resolve: false,
      reopen: false,
      delete: false,
      reply: false,
      assign: false,
    })
  })

  it('lets triage staff converse as themselves, never the operator, and assigns only to the inbox team', () => {
    expect(canConverse(actor('staff', ['ManageFeedback']))).toBe(true)
    expect(canConverse(actor('admin'))).toBe(true)
    expect(canConverse(actor('staff', ['AccessShop']))).toBe(false)
    expect(canConverse(actor('staff', ['ManageFeedback'], true))).toBe(false)
    expect(canConverse(OPERATOR)).toBe(false)
    expect(canBeAssignedInbox({ role: 'staff', staffFunctions: ['ManageFeedback'] })).toBe(true)
    expect(canBeAssignedInbox({ role: 'admin', staffFunctions: [] })).toBe(true)
    expect(
      canBeAssignedInbox({ role: 'staff', staffFunctions: ['ManageFeedback'], isRestricted: true }),
    ).toBe(false)
    expect(canBeAssignedInbox({ role: 'user', staffFunctions: [] })).toBe(false)
  })
})
