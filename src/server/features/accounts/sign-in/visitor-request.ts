import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Env } from '../../../env'
import { sessionCookieName } from './auth-config'

/**
 * A request that carries no session cookie and no Authorization header: whatever it is answered
 * would be the same for any visitor, so a page drawn for it may be kept and sent to the next one.
 * (A stale or ended session cookie is not a visitor here: it is answered as before, never kept.)
 */
export function isVisitorRequest(c: Context, env: Pick<Env, 'authUrl'>): boolean {
  if (c.req.header('authorization') !== undefined) return false
  return getCookie(c, sessionCookieName(env.authUrl.protocol === 'https:')) === undefined
}
