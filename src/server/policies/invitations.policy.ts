import type { Role } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import { isAdmin } from './users.policy'

// Inviting people gives them a role at sign-up, so it is for unrestricted admins only, as every other
// change of role is. Accepting needs no account: the link's single-use token is the proof.

export function canManageInvitations(actor: Caller): boolean {
  return isAdmin(actor)
}

/**
 * An invitation speaks for its inviter until it is accepted: it stops when they are no longer an
 * unrestricted admin (demoted, suspended or deleted), as their own invitations would be refused now.
 */
export function invitationStillBacked(inviter: { role: Role; isRestricted: boolean } | undefined): boolean {
  return inviter !== undefined && inviter.role === 'admin' && !inviter.isRestricted
}

/** A change of role or restriction that takes away an admin's right to invite (their invitations stop). */
export function losesInvitingRight(
  before: { role: Role; isRestricted: boolean },
  after: { role: Role; isRestricted: boolean },
): boolean {
  return invitationStillBacked(before) && !invitationStillBacked(after)
}
