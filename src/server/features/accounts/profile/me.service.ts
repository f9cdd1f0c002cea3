import type { Me, SessionSummary } from '../../../../shared/contract/accounts'
import type { StaffFunction } from '../../../../shared/enums'
import type { AppDeps } from '../../../deps'
import { problems } from '../../../lib/http/problem'
import { announceAccessChange } from '../../notifications/notify'
import {
  deleteSessionOfUser,
  deleteSessionsOfUser,
  listSessionsOfUser,
} from '../sessions/sessions.repository'
import { findAvatar, findUserById, linkedProviders } from '../users.repository'

// The signed-in user's own account, as /api/me and the profile page read it.

type Deps = Pick<AppDeps, 'database'>

/** The signed-in user as the web app knows them; their effective staff functions come from the session. */
export async function presentMe(
  deps: Deps,
  userId: string,
  staffFunctions: readonly StaffFunction[],
): Promise<Me> {
  const db = deps.database.db
  const user = await findUserById(db, userId)
  if (!user) throw problems.unauthenticated()
  return {
    id: user.id,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    image: user.image,
    account_type: user.account_type,
    business_name: user.business_name,
    industry: user.industry,
    billing_address: user.billing_address ?? null,
    tax_number: user.tax_number ?? null,
    role: user.role,
    staffFunctions: [...staffFunctions],
    emailVerified: user.emailVerified,
    hasPassword: user.password !== null,
    providers: await linkedProviders(db, user.id),
  }
}

/** A user's profile picture with its validator; 404 when they have none. */
export async function avatarOf(deps: Deps, userId: string) {
  const avatar = await findAvatar(deps.database.db, userId)
  if (!avatar) throw problems.notFound('No picture.')
  return { ...avatar, etag: `"${Date.parse(avatar.updatedAt).toString(36)}"` }
}

/** Where the user is signed in, marking the session asking. */
export async function mySessions(
  deps: Deps,
  userId: string,
  currentSessionId: string,
): Promise<SessionSummary[]> {
  const rows = await listSessionsOfUser(deps.database.db, userId)
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }))
}

/** Ends one of the user's own sessions; someone else's session id answers like a missing one. */
export async function endMySession(deps: Deps, userId: string, sessionId: string): Promise<void> {
  const result = await deleteSessionOfUser(deps.database.db, userId, sessionId)
  if (Number(result.numDeletedRows) === 0) throw problems.notFound('No such session.')
  await announceAccessChange(deps.database.db, userId)
}

/**
 * Ends every session of the user but the one asking ("sign out of other sessions"); with an access
 * token, which is no session, every browser session ends.
 */
export async function endMyOtherSessions(
  deps: Deps,
  userId: string,
  currentSessionId: string,
): Promise<{ ended: number }> {
  const result = await deleteSessionsOfUser(deps.database.db, userId, currentSessionId)
  await announceAccessChange(deps.database.db, userId)
  return { ended: Number(result.numDeletedRows) }
}

/** 404 unless the user exists (an admin's view of someone's tokens). */
export async function requireUserExists(deps: Deps, userId: string): Promise<void> {
  if (!(await findUserById(deps.database.db, userId))) throw problems.notFound('No such user.')
}
