import type { Caller } from '../lib/http/caller'

// The site identity (name, address, colours, logo): everyone reads it; admins change it. The first
// steps of a new site are the admins' too.

export function canEditSiteIdentity(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}

/**
 * The first steps of a new site (a logo, a product, staff, the mailbox) are the admins' to see and to
 * hide: each step is done in an admin-only page.
 */
export function canSeeFirstSteps(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}
