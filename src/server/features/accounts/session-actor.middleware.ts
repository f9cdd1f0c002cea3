import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { AUTH_BASE_PATH, sessionCookieName } from './auth-config'
import { actorOf, isRestrictedSession, resolveSession } from './sessions.service'

/**
 * Turns the session cookie into `c.var.actor` on every API request (the cookie carries only an
 * opaque token; the session and its user are loaded fresh each time). An unknown, ended, idle or
 * restricted session leaves the caller anonymous, so protected routes answer 401; a restricted
 * user's session answers every API request (but Auth.js's) with 401 `account_restricted`.
 */
export function sessionActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps
    const token = getCookie(c, sessionCookieName(deps.env.authUrl.protocol === 'https:'))
    const session = await resolveSession(deps, token)
    if (session && token) {
      c.set('actor', actorOf(session))
      c.set('session', { id: session.sessionId, token, user: session.user })
    } else if (
      token &&
      !c.req.path.startsWith(`${AUTH_BASE_PATH}/`) &&
      (await isRestrictedSession(deps, token))
    ) {
      // The tab is still signed in as someone an admin restricted: say so, so it can sign out and tell
      // them (Auth.js's own routes stay reachable, for that sign-out).
      throw new HttpProblem(
        401,
        'account_restricted',
        'Your account is suspended. Contact us if you think this is a mistake.',
      )
    }
    await next()
  }
}
