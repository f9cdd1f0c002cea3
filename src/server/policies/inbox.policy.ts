import type { InboxStatus } from '../../shared/enums'
import { hasStaffFunction, type StaffFunctionHolder } from '../../shared/staff-functions'
import type { Caller } from '../lib/http/caller'

// Who may do what in the inbox (product.md §1 and §4). The public forms are open to everyone, signed
// in or not (a restricted user counts as a visitor). Triage (view, resolve/reopen, delete, export) is
// for admins and ManageFeedback staff. The inbox settings and the privacy export/erase are for admins.

export function isInboxStaff(actor: Caller): boolean {
  return actor.kind === 'user' && hasStaffFunction(actor, 'ManageFeedback')
}

export function canTriageInbox(actor: Caller): boolean {
  return isInboxStaff(actor)
}

export function canChangeInboxSettings(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}

/** Exporting and erasing everything held for an address: an admin's decision, audited. */
export function canHandlePrivacyRequests(actor: Caller): boolean {
  return canChangeInboxSettings(actor)
}

export interface InboxEntryAbilities {
  resolve: boolean
  reopen: boolean
  delete: boolean
  reply: boolean
  assign: boolean
}

/** What the caller may do to one quote or contact in its current status; the UI shows only these. */
export function inboxEntryAbilities(actor: Caller, status: InboxStatus): InboxEntryAbilities {
  const staff = isInboxStaff(actor)
  return {
    resolve: staff && status === 'pending',
    reopen: staff && status === 'resolved',
    delete: staff,
    reply: canConverse(actor),
    assign: staff,
  }
}

/**
 * Replying to a sender and writing internal notes: triage staff acting as themselves. The operator's
 * command line has no name a sender could answer, and a read-only token changes nothing.
 */
export function canConverse(actor: Caller): boolean {
  return isInboxStaff(actor) && actor.kind === 'user' && !actor.operator
}

/** Who an entry may be assigned to: someone who may triage the inbox (a suspended account may not). */
export function canBeAssignedInbox(user: StaffFunctionHolder): boolean {
  return hasStaffFunction(user, 'ManageFeedback')
}

/**
 * A customer's own requests ("My requests"): anyone signed in with a verified address sees the quote
 * requests and messages sent from it. Answering also needs an account that may act (not restricted,
 * not a read-only token, not the operator's command line).
 */
export function canSeeOwnRequests(actor: Caller): boolean {
  return actor.kind === 'user' && actor.emailVerified
}

export function canAnswerOwnRequests(actor: Caller): boolean {
  return (
    canSeeOwnRequests(actor) &&
    actor.kind === 'user' &&
    !actor.isRestricted &&
    !actor.operator &&
    !actor.token?.readOnly
  )
}
