import type { SessionUser } from '../../../shared/contract/accounts'
import { hasStaffFunction } from '../../../shared/staff-functions'

// Which inbox pages the signed-in user may open, for the menu (the server decides for real:
// src/server/policies/inbox.policy.ts). Restricted users have no session, so they never get here.

/** Admins and ManageFeedback staff triage the quotes, contacts and e-book list. */
export function canTriageInbox(user: Pick<SessionUser, 'role' | 'staffFunctions'>): boolean {
  return hasStaffFunction(user, 'ManageFeedback')
}

/** The inbox settings and the privacy export/erase are for admins. */
export function canManageInbox(user: Pick<SessionUser, 'role'>): boolean {
  return user.role === 'admin'
}
