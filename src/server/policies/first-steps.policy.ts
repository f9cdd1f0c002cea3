import type { Caller } from '../lib/http/caller'
import { isAdmin } from './users.policy'

// The first steps of a new site (a logo, a product, staff, the mailbox) are the admins' to see and
// to hide: each step is done in an admin-only page.

export function canSeeFirstSteps(actor: Caller): boolean {
  return isAdmin(actor)
}
