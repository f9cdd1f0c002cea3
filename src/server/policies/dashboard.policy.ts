import { hasStaffFunction } from '../../shared/staff-functions'
import type { Caller } from '../lib/http/caller'

// Who sees which part of the dashboard (src/shared/contract/dashboard.ts): admins every part; staff the
// shop with AccessShop, the inbox with ManageFeedback, storage with ManageFolders. Staff holding none
// of the three, and customers, do not see the dashboard at all.

export interface DashboardParts {
  shop: boolean
  inbox: boolean
  storage: boolean
}

export function dashboardParts(actor: Caller): DashboardParts {
  const may = (fn: Parameters<typeof hasStaffFunction>[1]) =>
    actor.kind === 'user' && !actor.isRestricted && hasStaffFunction(actor, fn)
  return { shop: may('AccessShop'), inbox: may('ManageFeedback'), storage: may('ManageFolders') }
}

export function canSeeDashboard(actor: Caller): boolean {
  const parts = dashboardParts(actor)
  return parts.shop || parts.inbox || parts.storage
}
