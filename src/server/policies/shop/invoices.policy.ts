import type { Caller } from '../../lib/http/caller'
import { canSeeAllOrders } from './orders.policy'

// Who may download an order's invoice and credit notes, and export a period's documents.

/** The buyer, from their own order page: the order's owner, signed in and not restricted. */
export function canDownloadOwnDocuments(actor: Caller, order: { user_id: string }): boolean {
  return actor.kind === 'user' && !actor.isRestricted && order.user_id === actor.id
}

/** Staff, from the staff order page: admins and AccessShop staff, for any order. */
export const canDownloadAnyDocuments = canSeeAllOrders

/** The accountant's export (every invoice and credit note of a period): the same people. */
export const canExportDocuments = canSeeAllOrders
