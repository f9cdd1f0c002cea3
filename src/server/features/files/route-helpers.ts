import type { Context } from 'hono'
import type { AppEnv } from '../../deps'
import type { ActorUser } from './access'

// What every file manager route shares: who is calling (with their name for notifications) and the
// answers that every item route can give.

export function who(c: Context<AppEnv>): ActorUser {
  const actor = c.var.caller
  return {
    actor,
    id: actor.kind === 'user' ? actor.id : '',
    name: c.var.session?.user.name ?? 'Someone',
  }
}

export const tags = ['files']
export const notFound = { 404: { description: 'No such item, or the caller cannot open it' } }
export const forbidden = { 403: { description: 'The caller can open it but not do this' } }
export const nameConflict = { 409: { description: '`name_taken`: the name is taken in the target folder' } }
