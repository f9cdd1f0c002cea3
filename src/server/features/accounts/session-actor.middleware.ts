import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../../deps'
import { bearerToken, invalidBearer } from '../../lib/http/bearer'
import { clientAddress } from '../../lib/http/client-address'
import { HttpProblem } from '../../lib/http/problem'
import { resolveAccessToken } from './access-tokens.service'
import { AUTH_BASE_PATH, sessionCookieName } from './auth-config'
import { actorOf, isRestrictedSession, resolveSession } from './sessions.service'
import { mustEnrolTwoFactor } from './two-factor.service'

/**
 * Turns the session cookie, or a personal access token sent as `Authorization: Bearer`, into
 * `c.var.actor` on every API request (the session and its user, or the token and its user, are loaded
 * fresh each time). An unknown, ended or idle session leaves the caller anonymous, so protected routes
 * answer 401; a restricted user's session answers every API request (but Auth.js's) with 401
 * `account_restricted`. An access token that is unknown, expired, revoked or whose user is restricted
 * is refused with 401 on any route. A bearer request never sets a cookie. A staff member or admin who
 * must still set up two-factor sign-in is marked so, whichever way they came (decision 0044).
 */
export function sessionActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps
    const bearer = bearerToken(c.req.header('authorization'))
    if (bearer !== undefined) {
      const resolved = await resolveAccessToken(deps, bearer, clientAddress(c, deps.env.trustProxy))
      if (!resolved) throw invalidBearer()
      const { user } = resolved
      const mustEnrol = await mustEnrolTwoFactor(deps, user)
      c.set('actor', {
        kind: 'user',
        id: user.id,
        role: user.role,
        staffFunctions: user.staffFunctions,
        isRestricted: user.isRestricted,
        emailVerified: user.emailVerified !== null,
        token: { id: resolved.tokenId, readOnly: resolved.scope === 'read-only' },
        ...(mustEnrol ? { mustEnrolTwoFactor: true } : {}),
      })
      c.set('session', { id: resolved.tokenId, token: '', user: resolved.user, via: 'token' })
      await next()
      // No browser holds this request's cookies: nothing (not even Auth.js refreshing a session) sets one.
      c.res.headers.delete('set-cookie')
      return
    }
    const token = getCookie(c, sessionCookieName(deps.env.authUrl.protocol === 'https:'))
    const session = await resolveSession(deps, token)
    if (session && token) {
      const actor = actorOf(session)
      const mustEnrol = actor.kind === 'user' && (await mustEnrolTwoFactor(deps, session.user))
      c.set('actor', mustEnrol ? { ...actor, mustEnrolTwoFactor: true } : actor)
      c.set('session', { id: session.sessionId, token, user: session.user, via: 'cookie' })
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
