import type { OrderStatus } from '../../../shared/enums'
import { hasStaffFunction } from '../../../shared/staff-functions'
import type { Caller } from '../../lib/http/caller'

// Who may do what with orders, and how Paystack's word moves an order (product.md §3). Pure: the
// services give plain snapshots and apply the answer with a guarded update.

type UserActor = Extract<Caller, { kind: 'user' }>

/** Checkout: a signed-in, verified, unrestricted user. */
export function canCheckout(actor: Caller): actor is UserActor {
  return actor.kind === 'user' && actor.emailVerified && !actor.isRestricted
}

/** Every order, the orders table and the export: admins and AccessShop staff. */
export function canSeeAllOrders(actor: Caller): actor is UserActor {
  return actor.kind === 'user' && hasStaffFunction(actor, 'AccessShop')
}

/** The customers table, a customer's page and its export: the same people who see every order. */
export const canSeeCustomers = canSeeAllOrders

/** Refunds: the same people who see every order. */
export const canRefund = canSeeAllOrders

/** One order: its buyer, or someone who sees all orders. */
export function canSeeOrder(actor: Caller, order: { user_id: string }): boolean {
  if (actor.kind !== 'user' || actor.isRestricted) return false
  return order.user_id === actor.id || canSeeAllOrders(actor)
}

/** Statuses a successful payment can still settle (a late success after a decline or abandonment). */
export const PAYABLE: readonly OrderStatus[] = ['pending', 'failed', 'abandoned']

/** Deliverables are available while the order is paid (also while a refund is only being asked for). */
export function hasDeliverables(status: OrderStatus): boolean {
  return status === 'paid' || status === 'refund_pending'
}

export interface PaymentReport {
  /** Paystack's transaction status: success, failed, abandoned, ongoing, pending, reversed… */
  status: string
  reference: string
  amount: number
  currency: string
}

export type Settlement =
  | { to: 'paid' }
  | { to: 'needs_review'; why: string }
  | { to: 'failed' }
  | { to: null; why: string }

/**
 * The one rule for what Paystack's report does to an order: success with the same reference, amount
 * and currency pays it; money that arrived but does not match needs review; a failed charge fails a
 * pending order. Anything else (already settled, still in progress) changes nothing.
 */
export function settle(
  order: { status: OrderStatus; trxref: string; total: number; currency: string },
  report: PaymentReport,
): Settlement {
  if (report.reference !== order.trxref) return { to: null, why: 'reference does not match' }
  if (report.status === 'success') {
    if (!PAYABLE.includes(order.status)) return { to: null, why: `already ${order.status}` }
    if (report.currency !== order.currency)
      return { to: 'needs_review', why: `paid in ${report.currency}, ordered in ${order.currency}` }
    if (report.amount !== order.total)
      return { to: 'needs_review', why: `paid ${report.amount}, ordered ${order.total}` }
    return { to: 'paid' }
  }
  if (report.status === 'failed' && order.status === 'pending') return { to: 'failed' }
  return { to: null, why: `transaction ${report.status}` }
}

/**
 * A refund of `amount` on top of what is already refunded or pending: refused when it would return more
 * than was paid, or when the order is not paid.
 */
export function refundRefusal(
  order: { status: OrderStatus; total: number },
  alreadyRefunded: number,
  amount: number,
): string | undefined {
  if (order.status !== 'paid') return `Only a paid order can be refunded (this one is ${order.status}).`
  if (!Number.isInteger(amount) || amount <= 0) return 'The amount must be a positive whole number.'
  if (alreadyRefunded + amount > order.total)
    return `That is more than remains refundable (${order.total - alreadyRefunded}).`
  return undefined
}
