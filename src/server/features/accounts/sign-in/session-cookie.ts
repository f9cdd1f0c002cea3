import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import type { AppEnv } from '../../../deps'
import { clientInfo } from '../client-info'
import { beginSignedInSession } from '../sessions/sessions.service'
import { SESSION_COOKIE_MAX_AGE_SECONDS, sessionCookieName, sessionCookieOptions } from './auth-config'

/**
 * Signs a user in on this response outside Auth.js (the first-run setup): the same session and audit
 * entry as a sign-in, and the same cookie Auth.js sets (its value is the session token, auth-config.ts).
 */
export async function signInOnResponse(
  c: Context<AppEnv>,
  user: { id: string; email: string },
): Promise<void> {
  const deps = c.var.deps
  const session = await beginSignedInSession(deps, user, clientInfo(c))
  const secure = deps.env.authUrl.protocol === 'https:'
  setCookie(c, sessionCookieName(secure), session.token, {
    ...sessionCookieOptions(secure),
    sameSite: 'Lax',
    maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
  })
}
