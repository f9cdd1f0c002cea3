import type { Kysely } from 'kysely'
import { queryTemplate, type Slots } from '../../../db/query-templates'
import type { DB } from '../../../db/schema'
import { IDLE_TIMEOUT_MS } from '../../../policies/session.policy'

// Named queries over `sessions`. Tokens arrive here already hashed.

export function insertSession(db: Kysely<DB>, row: DB['sessions']) {
  return db.insertInto('sessions').values(row).execute()
}

/** The user's columns a request's Caller is built from, read with its session or access token. */
export const CALLER_USER_COLUMNS = [
  'users.id',
  'users.name',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.image',
  'users.account_type',
  'users.role',
  'users.staffFunctions',
  'users.isRestricted',
  'users.emailVerified',
] as const

/**
 * The session and the user it belongs to, in one query: this runs on every API request, so it is
 * compiled once (db/query-templates.ts).
 */
export async function findSessionWithUser(db: Kysely<DB>, tokenHash: string) {
  return (await sessionWithUserTemplate.rows(db, '', { tokenHash }))[0]
}

const sessionWithUserTemplate = queryTemplate((db: Kysely<DB>, slot: Slots<{ tokenHash: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expires',
      'sessions.lastSeenAt',
      'sessions.createdAt as sessionCreatedAt',
      ...CALLER_USER_COLUMNS,
    ])
    .where('sessions.sessionToken', '=', slot.tokenHash),
)

export function touchSession(db: Kysely<DB>, sessionId: string, now: string) {
  return db
    .updateTable('sessions')
    .set({ lastSeenAt: now, updatedAt: now })
    .where('id', '=', sessionId)
    .execute()
}

export function deleteSession(db: Kysely<DB>, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

export function deleteSessionOfUser(db: Kysely<DB>, userId: string, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).where('userId', '=', userId).executeTakeFirst()
}

/** Ends every session of a user, or every one but `except` (the caller's own, on a password change). */
export function deleteSessionsOfUser(db: Kysely<DB>, userId: string, except?: string) {
  let query = db.deleteFrom('sessions').where('userId', '=', userId)
  if (except) query = query.where('id', '<>', except)
  return query.executeTakeFirst()
}

export function listSessionsOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastSeenAt', 'expires', 'userAgent', 'ipAddress'])
    .where('userId', '=', userId)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/**
 * Deletes the sessions that have ended by time (isSessionLive's rule): past their absolute end, or
 * idle for IDLE_TIMEOUT_MS (since lastSeenAt, or createdAt if never touched). resolveSession already
 * refuses them and deletes one whose cookie comes back; this clears those whose cookie never does.
 * One idempotent delete, so two instances running it at once is harmless. Returns how many.
 */
export async function purgeEndedSessions(db: Kysely<DB>, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString()
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires', '<=', now.toISOString()),
        eb(eb.fn.coalesce('lastSeenAt', 'createdAt'), '<=', idleSince),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
