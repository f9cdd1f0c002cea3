import { hasStaffFunction } from '../../../shared/staff-functions'
import type { Caller } from '../../lib/http/caller'

// Who may manage discount codes (docs/decisions/0124): admins and staff holding AccessShop, the people
// who see every order. Applying a code is part of checkout (orders.policy's canCheckout).

export function canManageDiscounts(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && hasStaffFunction(actor, 'AccessShop')
}
