import type { Caller } from '../lib/http/caller'

// The site identity (name, address, colours, logo): everyone reads it; admins change it.

export function canEditSiteIdentity(actor: Caller): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}
