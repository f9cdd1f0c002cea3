import type { Caller } from '../lib/http/caller'
import { isAdmin } from './users.policy'

// Inviting people gives them a role at sign-up, so it is for unrestricted admins only, as every other
// change of role is. Accepting needs no account: the link's single-use token is the proof.

export function canManageInvitations(actor: Caller): boolean {
  return isAdmin(actor)
}
