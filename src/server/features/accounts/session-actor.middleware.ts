import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv, ResolvedSession } from '../../deps'
import { bearerToken, invalidBearer } from '../../lib/http/bearer'
import type { Caller, SignedInCaller } from '../../lib/http/caller'
import { HttpProblem } from '../../lib/http/problem'
import { resolveAccessToken } from './access-tokens/access-tokens.service'
import { clientInfo } from './client-info'
import { isRestrictedSession, resolveSession } from './sessions/sessions.service'
import { AUTH_BASE_PATH, sessionCookieName } from './sign-in/auth-config'
import { mustEnrolTwoFactor } from './two-factor/two-factor.service'

/**
 * Turns the session cookie, or a personal access token sent as `Authorization: Bearer`, into
 * `c.var.caller` on every API request (the session and its user, or the token and its user, are loaded
 * fresh each time). An unknown, ended or idle session leaves the caller anonymous, so protected routes
 * answer 401; a restricted user's session answers every API request (but Auth.js's) with 401
 * `account_restricted`. An access token that is unknown, expired, revoked or whose user is restricted
 * is refused with 401 on any route. A bearer request never sets a cookie. A staff member or admin who
 * must still set up two-factor sign-in is marked so, whichever way they came (decision 0044).
 */
export function sessionActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps
    const from = clientInfo(c)
    const bearer = bearerToken(c.req.header('authorization'))
    if (bearer !== undefined) {
      const resolved = await resolveAccessToken(deps, bearer, from.ipAddress)
      if (!resolved) throw invalidBearer()
      const { user } = resolved
      const mustEnrol = await mustEnrolTwoFactor(deps, user)
      c.set('caller', {
        ...callerOf(user, from),
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
      const mustEnrol = await mustEnrolTwoFactor(deps, session.user)
      c.set('caller', { ...callerOf(session.user, from), ...(mustEnrol ? { mustEnrolTwoFactor: true } : {}) })
      c.set('session', { id: session.sessionId, token, user: session.user, via: 'cookie' })
    } else {
      if (token && !c.req.path.startsWith(`${AUTH_BASE_PATH}/`) && (await isRestrictedSession(deps, token))) {
        // The tab is still signed in as someone an admin restricted: say so, so it can sign out and tell
        // them (Auth.js's own routes stay reachable, for that sign-out).
        throw new HttpProblem(
          401,
          'account_restricted',
          'Your account is suspended. Contact us if you think this is a mistake.',
        )
      }
      c.set('caller', { kind: 'anonymous', from })
    }
    await next()
  }
}

/** The signed-in caller, from the user row this request just read. */
export function callerOf(user: ResolvedSession['user'], from: Caller['from']): SignedInCaller {
  return {
    kind: 'user',
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    staffFunctions: user.staffFunctions,
    isRestricted: user.isRestricted,
    emailVerified: user.emailVerified !== null,
    from,
  }
}
