import type { Actor } from './actor'

// The site identity (name, address, colours, logo): everyone reads it; admins change it.

export function canEditSiteIdentity(actor: Actor): boolean {
  return actor.kind === 'user' && !actor.isRestricted && actor.role === 'admin'
}
