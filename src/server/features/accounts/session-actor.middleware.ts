import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../../deps'
import { sessionCookieName } from './auth-config'
import { actorOf, resolveSession } from './sessions.service'
import { mustEnrolTwoFactor } from './two-factor.service'

/**
 * Turns the session cookie into `c.var.actor` on every API request (the cookie carries only an
 * opaque token; the session and its user are loaded fresh each time). An unknown, ended, idle or
 * restricted session leaves the caller anonymous, so protected routes answer 401. A staff member or
 * admin who must still set up two-factor sign-in is marked so (decision 0044).
 */
export function sessionActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps
    const token = getCookie(c, sessionCookieName(deps.env.authUrl.protocol === 'https:'))
    const session = await resolveSession(deps, token)
    if (session && token) {
      const actor = actorOf(session)
      const mustEnrol = actor.kind === 'user' && (await mustEnrolTwoFactor(deps, session.user))
      c.set('actor', mustEnrol ? { ...actor, mustEnrolTwoFactor: true } : actor)
      c.set('session', { id: session.sessionId, token, user: session.user })
    }
    await next()
  }
}
