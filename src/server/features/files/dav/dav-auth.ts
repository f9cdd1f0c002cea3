import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../../deps'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { hitRateLimit, peekRateLimit } from '../../../lib/rate-limit/rate-limit'
import { decideDavAccess } from '../../../policies/dav.policy'
import { resolveAccessToken } from '../../accounts/access-tokens/access-tokens.service'
import { clientInfo } from '../../accounts/client-info'
import { callerOf } from '../../accounts/session-actor.middleware'
import { mustEnrolTwoFactor } from '../../accounts/two-factor/two-factor.service'

// Who is calling /dav/ (docs/decisions/0091): `Authorization: Basic` with any user name and a personal
// access token as the password. WebDAV clients (Finder, Windows, rclone, davfs2) speak Basic, not
// Bearer. The account password is never accepted here, so two-factor sign-in cannot be bypassed, and
// cookies are never read, so a cross-site page cannot act through a signed-in browser (no CSRF).
// Failures are counted per client address like sign-in attempts, so tokens cannot be guessed at speed;
// past the limit wrong tokens get 429 while a correct one is still let in, so a stranger's guessing
// cannot lock a whole office (one address behind NAT) out. A token is 256 random bits: none is found
// by guessing at 20 tries per 15 minutes.

export const DAV_REALM = 'Basic realm="Depot", charset="UTF-8"'
export const DAV_AUTH_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 } as const

const failureKey = (ip: string) => `dav-auth:ip:${ip}`

function unauthenticated(): HttpProblem {
  return new HttpProblem(
    401,
    'unauthenticated',
    'Send a personal access token as the password (Basic auth, any user name).',
    undefined,
    { 'WWW-Authenticate': DAV_REALM },
  )
}

/** The password of `Authorization: Basic …`; undefined for no header, another scheme or bad base64. */
export function basicPassword(header: string | undefined): string | undefined {
  const match = /^basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(header ?? '')
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? undefined : decoded.slice(colon + 1)
}

export function davAuth(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // OPTIONS says what the server speaks and nothing about anyone's files; clients probe it first.
    if (c.req.method === 'OPTIONS') return next()
    const deps = c.var.deps
    const from = clientInfo(c)
    const db = deps.database.db
    const key = failureKey(from.ipAddress)
    const password = basicPassword(c.req.header('authorization'))
    if (password === undefined) throw unauthenticated()
    const resolved = await resolveAccessToken(deps, password, from.ipAddress)
    if (!resolved) {
      // Only wrong guesses are throttled: a correct token still works from an address that guessed.
      const peek = await peekRateLimit(db, { key, limit: DAV_AUTH_LIMIT.limit, now: deps.clock() })
      if (!peek.allowed)
        throw problems.rateLimited(peek.retryAfterSeconds, 'Too many failed sign-ins. Try again later.')
      await hitRateLimit(db, { key, ...DAV_AUTH_LIMIT, now: deps.clock() })
      throw unauthenticated()
    }
    const caller = {
      ...callerOf(resolved.user, from),
      token: { id: resolved.tokenId, readOnly: resolved.scope === 'read-only' },
      ...((await mustEnrolTwoFactor(deps, resolved.user)) ? { mustEnrolTwoFactor: true } : {}),
    }
    const decision = decideDavAccess(caller, c.req.method)
    if (decision === 'unauthenticated') throw unauthenticated()
    if (decision === 'enrolTwoFactor') throw problems.enrolTwoFactor()
    if (decision === 'readOnly')
      throw problems.forbidden('This access token is read-only: it cannot change anything.')
    c.set('caller', caller)
    await next()
  }
}
