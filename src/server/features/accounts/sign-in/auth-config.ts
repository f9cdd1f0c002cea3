import type { AuthConfig } from '@auth/core'
import Credentials from '@auth/core/providers/credentials'
import Google from '@auth/core/providers/google'
import type { OIDCConfig } from '@auth/core/providers/oauth'
import type { SessionUser, SignInErrorCode } from '../../../../shared/contract/accounts'
import type { AppDeps } from '../../../deps'
import { recordAudit } from '../../audit/audit.service'
import { announceAccessChange } from '../../notifications/notify'
import { deleteSession } from '../sessions/sessions.repository'
import { beginSignedInSession, type ClientInfo, resolveSession } from '../sessions/sessions.service'
import { issueTwoFactorTicket, needsSecondStep } from '../two-factor/sign-in-ticket'
import { twoFactorEnrolment } from '../two-factor/two-factor.service'
import { authorizeTwoFactorTicket } from '../two-factor/two-factor-signin'
import { findUserById } from '../users.repository'
import { createAuthAdapter, type ProfileExtras } from './auth-adapter'
import { authorizeCredentials, SignInRefused } from './credentials.service'

export const AUTH_BASE_PATH = '/api/auth'
/** The web app's sign-in page: Auth.js sends every refusal there, with `error` (and our `code`). */
const SIGN_IN_PAGE = '/sign-in'

/** The session cookie. Under https it is a __Host- cookie: Secure, Path=/, no Domain, so no subdomain can plant one. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-depot.session' : 'depot.session'
}

/** How long the session cookie lives in the browser (the session's own limits are checked server-side). */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/** The session cookie's attributes, the same for Auth.js and for sign-ins outside it (session-cookie.ts). */
export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure } as const
}

/** What Auth.js keeps in its "JWT": our session id and the raw token, which *is* the cookie value. */
interface SessionTokenPayload {
  sub: string
  sid: string
  sessionToken: string
}

export interface AuthRequestContext {
  client: ClientInfo
  /** The caller's current session, if any: linking a provider keeps it instead of starting another. */
  current: { sessionId: string; userId: string; token: string } | undefined
  /**
   * Set when the sign-in throttle refused this request: seconds to wait. Auth.js would answer with its
   * usual redirect; the route answers 429 with Retry-After instead (auth.routes.ts).
   */
  throttledFor?: number
}

/**
 * Auth.js configuration for one request (docs/decisions/0004). Auth.js runs its "jwt" strategy, the
 * only one it allows with credentials, but our encode/decode make the cookie an opaque session token
 * looked up in the database: revocable, and checked on every request.
 */
export function buildAuthConfig(deps: AppDeps, ctx: AuthRequestContext): AuthConfig {
  const secure = deps.env.authUrl.protocol === 'https:'
  const log = deps.logger.child({ component: 'auth' })

  return {
    basePath: AUTH_BASE_PATH,
    secret: deps.env.authSecret,
    // The request URL was rebuilt from AUTH_URL before it reached Auth.js (auth.routes.ts), so the
    // host it sees is ours, never a client's X-Forwarded-Host.
    trustHost: true,
    useSecureCookies: secure,
    adapter: createAuthAdapter(deps),
    session: { strategy: 'jwt', maxAge: SESSION_COOKIE_MAX_AGE_SECONDS },
    cookies: {
      sessionToken: {
        name: sessionCookieName(secure),
        options: sessionCookieOptions(secure),
      },
    },
    pages: { signIn: SIGN_IN_PAGE, error: SIGN_IN_PAGE },
    providers: [credentialsProvider(deps, ctx), ...identityProviders(deps)],
    jwt: sessionTokenCodec(deps),
    callbacks: {
      signIn: (params) => providerSignIn(deps, ctx, log, params),
      // At sign-in (credentials or provider) this starts our database session.
      async jwt({ token, user, trigger }) {
        if ((trigger !== 'signIn' && trigger !== 'signUp') || !user?.id) return token
        if (ctx.current && ctx.current.userId === user.id) {
          return { sub: user.id, sid: ctx.current.sessionId, sessionToken: ctx.current.token }
        }
        const session = await beginSignedInSession(
          deps,
          { id: user.id, email: user.email ?? null },
          ctx.client,
        )
        return { sub: user.id, sid: session.id, sessionToken: session.token }
      },
      async session({ session, token }) {
        const resolved = await resolveSession(deps, (token as Partial<SessionTokenPayload>).sessionToken)
        if (!resolved) return { ...session, user: undefined } as never
        const { isRestricted: _r, emailVerified: _e, ...user } = resolved.user
        const { mustEnrol, dueBy } = await twoFactorEnrolment(deps, user)
        const enrolment = mustEnrol
          ? { mustEnrolTwoFactor: true }
          : dueBy
            ? { twoFactorDueBy: dueBy.toISOString() }
            : {}
        return { ...session, user: { ...user, ...enrolment } satisfies SessionUser } as never
      },
    },
    events: auditedEvents(deps, ctx),
    logger: authLogger(log),
  }
}

type AuthCallbacks = NonNullable<AuthConfig['callbacks']>
type AuthLog = AppDeps['logger']

/**
 * Sign-in by password. `code`: the second factor of an account that has one. `ticket` + `code`: the
 * second step after an identity provider (docs/decisions/0044).
 */
function credentialsProvider(deps: AppDeps, ctx: AuthRequestContext) {
  return Credentials({
    credentials: { email: {}, password: {}, code: {}, ticket: {} },
    authorize: (credentials) =>
      (credentials.ticket !== undefined
        ? authorizeTwoFactorTicket(deps, credentials, ctx.client)
        : authorizeCredentials(deps, credentials, ctx.client)
      ).catch((error: unknown) => {
        if (error instanceof SignInRefused && error.retryAfterSeconds)
          ctx.throttledFor = error.retryAfterSeconds
        throw error
      }),
  })
}

/** The "JWT" is the opaque session token itself: encoded as is, decoded by looking the session up. */
function sessionTokenCodec(deps: AppDeps): AuthConfig['jwt'] {
  return {
    encode: async ({ token }) => (token as Partial<SessionTokenPayload> | undefined)?.sessionToken ?? '',
    decode: async ({ token }) => {
      const resolved = await resolveSession(deps, token)
      if (!resolved || !token) return null
      const payload: SessionTokenPayload = {
        sub: resolved.user.id,
        sid: resolved.sessionId,
        sessionToken: token,
      }
      return payload as unknown as Record<string, unknown>
    },
  }
}

/**
 * A provider's sign-in, before Auth.js looks up, links or creates anyone. `user` is ours when the
 * provider account is already linked; otherwise it is the provider's profile with a random id.
 */
async function providerSignIn(
  deps: AppDeps,
  ctx: AuthRequestContext,
  log: AuthLog,
  { user, account }: Parameters<NonNullable<AuthCallbacks['signIn']>>[0],
): Promise<boolean | string> {
  if (account?.type === 'credentials' || !user.id) return true
  const row = await findUserById(deps.database.db, user.id)
  // A restricted account arriving through a provider gets the same clear message.
  if (row?.isRestricted) return refuseSignIn('restricted')
  // Two-factor sign-in covers providers too: no session yet, the code is asked for first.
  if (row && !ctx.current && (await needsSecondStep(deps, row.id))) {
    const ticket = encodeURIComponent(issueTwoFactorTicket(deps, row.id))
    return `${refuseSignIn('two_factor_required')}&ticket=${ticket}`
  }
  // A new person needs an e-mail address (to find them, to write to them; users.email is
  // required). Refused here, nothing is created; without this Auth.js would reach createUser
  // and answer `Configuration`. A linked account, or a provider being connected to the
  // signed-in user, already has ours and needs none from the provider.
  if (!row && !ctx.current && !user.email) {
    log.info({ event: 'provider_email_missing', provider: account?.provider }, 'sign-in refused')
    return refuseSignIn('provider_email_missing')
  }
  return true
}

/** Sign-outs end our session; both they and provider links go to the audit log. */
function auditedEvents(deps: AppDeps, ctx: AuthRequestContext): AuthConfig['events'] {
  return {
    async signOut(message) {
      const payload = 'token' in message ? (message.token as Partial<SessionTokenPayload> | null) : null
      if (!payload?.sid) return
      await deleteSession(deps.database.db, payload.sid)
      if (payload.sub) await announceAccessChange(deps.database.db, payload.sub)
      await recordAudit(
        deps.database.db,
        { action: 'signout', actor: { id: payload.sub ?? null, email: null }, from: ctx.client },
        deps.clock(),
      )
    },
    async linkAccount({ user, account }) {
      await recordAudit(
        deps.database.db,
        {
          action: 'provider.linked',
          actor: { id: user.id ?? null, email: user.email ?? null },
          details: { provider: account.provider },
          from: ctx.client,
        },
        deps.clock(),
      )
    },
  }
}

/** Auth.js logs refused sign-ins as errors; they are ordinary events here. Never a secret. */
function authLogger(log: AuthLog): AuthConfig['logger'] {
  return {
    error(error) {
      const name = (error as Error).name
      const expected = [
        'CredentialsSignin',
        'JWTSessionError',
        'OAuthAccountNotLinked',
        'AccessDenied',
        'MissingCSRF',
      ]
      if (expected.includes(name)) log.info({ event: name }, 'sign-in refused')
      else log.error({ err: error, reason: innerFailure(error) }, 'auth error')
    },
    warn(code) {
      log.warn({ code }, 'auth warning')
    },
    debug() {},
  }
}

/**
 * Where a refused provider sign-in goes: the sign-in page with Auth.js's `error` and our own `code`,
 * the same two parameters a refused credentials sign-in carries (credentials.service.ts).
 */
function refuseSignIn(code: SignInErrorCode): string {
  return `${SIGN_IN_PAGE}?error=AccessDenied&code=${code}`
}

/**
 * Auth.js wraps the real failure (a state or PKCE mismatch, the provider's invalid_grant, an adapter
 * error) in `cause.err`, which the log's error serializer drops: name it, without any token.
 */
function innerFailure(error: Error): { name: string; message: string; code?: string } | undefined {
  const inner = (error.cause as { err?: unknown } | undefined)?.err
  if (!(inner instanceof Error)) return undefined
  const code = (inner as { error?: unknown }).error ?? (inner as { code?: unknown }).code
  return { name: inner.name, message: inner.message, ...(typeof code === 'string' ? { code } : {}) }
}

/** The external identity providers configured by environment (provider ids `oidc` and `google`). */
function identityProviders(deps: AppDeps): AuthConfig['providers'] {
  const providers: AuthConfig['providers'] = []
  const profile = (claims: Record<string, unknown>) => {
    const extras: ProfileExtras = {
      first_name: typeof claims.given_name === 'string' ? claims.given_name : undefined,
      last_name: typeof claims.family_name === 'string' ? claims.family_name : undefined,
      email_verified_claim: claims.email_verified === true,
    }
    const email = typeof claims.email === 'string' ? claims.email.trim() : ''
    return {
      id: String(claims.sub),
      name: typeof claims.name === 'string' ? claims.name : null,
      // Absent and empty are the same to us: the signIn callback refuses a new person without one.
      email: email || null,
      // Never the provider's `picture`: users.image is our own avatar URL (profile.service.ts), kept
      // under our origin.
      image: null,
      ...extras,
    }
  }
  const { oidc, google } = deps.env
  if (oidc) {
    const provider: OIDCConfig<Record<string, unknown>> = {
      id: 'oidc',
      name: oidc.name,
      type: 'oidc',
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      checks: ['pkce', 'state', 'nonce'],
      authorization: { params: { scope: 'openid email profile' } },
      // In the code flow a conforming provider may put only `sub` in the ID token and serve email,
      // email_verified and the names from userinfo (OIDC Core §5.4), so the profile is read there.
      // The ID token is still required and checked (nonce included); userinfo's sub must match it.
      idToken: false,
      profile,
    }
    providers.push(provider)
  }
  if (google) {
    providers.push(
      Google({
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        checks: ['pkce', 'state', 'nonce'],
        profile,
      }),
    )
  }
  return providers
}
