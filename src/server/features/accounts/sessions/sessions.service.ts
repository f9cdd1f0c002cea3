import { parseStaffFunctions } from '../../../../shared/staff-functions'
import type { AppDeps, ResolvedSession } from '../../../deps'
import { newId } from '../../../lib/ids'
import { ABSOLUTE_LIFETIME_MS, isSessionLive, TOUCH_INTERVAL_MS } from '../../../policies/session.policy'
import { recordAudit } from '../../audit/audit.service'
import { hashToken, newSecureToken } from '../secure-tokens'
import { markFirstSignIn } from '../two-factor/two-factor.repository'
import * as sessions from './sessions.repository'

type Deps = Pick<AppDeps, 'database' | 'clock'>

export interface ClientInfo {
  ipAddress: string
  userAgent: string | undefined
}

/** Starts a session: returns the raw token for the cookie; only its hash is stored. */
export async function startSession(
  deps: Deps,
  userId: string,
  client: ClientInfo,
): Promise<{ id: string; token: string }> {
  const now = deps.clock()
  const token = newSecureToken()
  const id = newId(now.getTime())
  const stamp = now.toISOString()
  await sessions.insertSession(deps.database.db, {
    id,
    sessionToken: hashToken(token),
    userId,
    expires: new Date(now.getTime() + ABSOLUTE_LIFETIME_MS).toISOString(),
    createdAt: stamp,
    updatedAt: stamp,
    lastSeenAt: stamp,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ipAddress: client.ipAddress,
  })
  return { id, token }
}

/**
 * A successful sign-in: starts the session and records it in the audit log. Every way of signing in
 * (Auth.js credentials and providers, the first-run setup) goes through here.
 */
export async function beginSignedInSession(
  deps: Deps,
  user: { id: string; email: string | null },
  client: ClientInfo,
): Promise<{ id: string; token: string }> {
  const session = await startSession(deps, user.id, client)
  // The first session starts the grace period of a two-factor enrolment the admins require (0112).
  await markFirstSignIn(deps.database.db, user.id, deps.clock().toISOString())
  await recordAudit(
    deps.database.db,
    { action: 'signin.success', actor: { id: user.id, email: user.email }, from: client },
    deps.clock(),
  )
  return session
}

/**
 * The session a cookie names, if it is still good: not ended, not idle too long, not past its
 * lifetime, and its user not restricted. Runs on every API request, so a sign-out, a restriction or a
 * role change is seen on the very next one.
 */
export async function resolveSession(
  deps: Deps,
  rawToken: string | undefined,
): Promise<ResolvedSession | undefined> {
  if (!rawToken || rawToken.length > 200) return undefined
  const row = await sessions.findSessionWithUser(deps.database.db, hashToken(rawToken))
  if (!row) return undefined
  const now = deps.clock()
  if (
    !isSessionLive({ expires: row.expires, lastSeenAt: row.lastSeenAt, createdAt: row.sessionCreatedAt }, now)
  ) {
    await sessions.deleteSession(deps.database.db, row.sessionId)
    return undefined
  }
  if (row.isRestricted) return undefined
  if (now.getTime() - Date.parse(row.lastSeenAt ?? row.sessionCreatedAt) > TOUCH_INTERVAL_MS) {
    await sessions.touchSession(deps.database.db, row.sessionId, now.toISOString())
  }
  return {
    sessionId: row.sessionId,
    user: resolvedUser(row),
  }
}

/**
 * Whether a cookie's session belongs to a restricted user: its rows are kept while the restriction
 * lasts, so an open tab can be told why it was signed out. Asked only after resolveSession refused.
 */
export async function isRestrictedSession(deps: Deps, rawToken: string | undefined): Promise<boolean> {
  if (!rawToken || rawToken.length > 200) return false
  const row = await sessions.findSessionWithUser(deps.database.db, hashToken(rawToken))
  return row?.isRestricted === true
}

type ResolvedUser = ResolvedSession['user']

/** The user a session or an access token acts as, from their users row (staffFunctions as stored). */
export function resolvedUser(
  row: Omit<ResolvedUser, 'staffFunctions' | 'mustEnrolTwoFactor'> & { staffFunctions: string },
): ResolvedUser {
  return {
    id: row.id,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    image: row.image,
    account_type: row.account_type,
    role: row.role,
    staffFunctions: parseStaffFunctions(row.staffFunctions),
    isRestricted: row.isRestricted,
    emailVerified: row.emailVerified,
  }
}
