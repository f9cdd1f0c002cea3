import { describe, expect, it } from 'vitest'
import { canManageInbox, canTriageInbox } from './inbox-staff-access'

describe('who sees the inbox pages in the menu', () => {
  it.each([
    [{ role: 'admin', staffFunctions: [] }, true, true],
    [{ role: 'staff', staffFunctions: ['ManageFeedback'] }, true, false],
    [{ role: 'staff', staffFunctions: ['AccessShop'] }, false, false],
    [{ role: 'user', staffFunctions: ['ManageFeedback'] }, false, false], // stale functions on a user count for nothing
  ] as const)('%o: triage %s, settings %s', (user, triage, manage) => {
    expect(canTriageInbox({ role: user.role, staffFunctions: [...user.staffFunctions] })).toBe(triage)
    expect(canManageInbox(user)).toBe(manage)
  })
})
