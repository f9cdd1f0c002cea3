import type { Kysely } from 'kysely'
import { queryTemplate, type Slots } from '../../../db/query-templates'
import type { DB } from '../../../db/schema'
import { CALLER_USER_COLUMNS } from '../sessions/sessions.repository'

// Named queries over `access_tokens`. Tokens arrive here already hashed.

type Db = Kysely<DB>

export function insertAccessToken(db: Db, row: DB['access_tokens']) {
  return db.insertInto('access_tokens').values(row).execute()
}

/**
 * The token and its user, in one query: this runs on every request that sends a bearer token, so it is
 * compiled once (db/query-templates.ts).
 */
export async function findAccessTokenWithUser(db: Db, tokenHash: string) {
  return (await tokenWithUserTemplate.rows(db, '', { tokenHash }))[0]
}

const tokenWithUserTemplate = queryTemplate((db: Db, slot: Slots<{ tokenHash: string }>) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.userId')
    .select([
      'access_tokens.id as tokenId',
      'access_tokens.scope',
      'access_tokens.expiresAt',
      'access_tokens.lastUsedAt',
      'access_tokens.lastUsedIp',
      ...CALLER_USER_COLUMNS,
    ])
    .where('access_tokens.tokenHash', '=', slot.tokenHash),
)

export function touchAccessToken(db: Db, id: string, at: string, ipAddress: string) {
  return db
    .updateTable('access_tokens')
    .set({ lastUsedAt: at, lastUsedIp: ipAddress })
    .where('id', '=', id)
    .execute()
}

/** A user's tokens, newest first; never the hash. */
export function listAccessTokensOfUser(db: Db, userId: string) {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'scope', 'hint', 'createdAt', 'expiresAt', 'lastUsedAt', 'lastUsedIp'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function countAccessTokensOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Deletes every token of the user (a reset, a password change, "end sessions and tokens"); returns how many. */
export async function deleteAccessTokensOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('userId', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes one of the user's tokens; returns its name, or undefined when the user has no such token. */
export async function deleteAccessTokenOfUser(db: Db, userId: string, id: string) {
  const row = await db
    .selectFrom('access_tokens')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  if (!row) return undefined
  await db.deleteFrom('access_tokens').where('id', '=', id).execute()
  return row
}

/**
 * Tokens that expire after `from` and by `until` and whose owner was not yet mailed about it, with
 * the owner's address and name (docs/decisions/0138); restricted users are left out.
 */
export function listTokensExpiringUnmailed(db: Db, from: string, until: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.userId')
    .select([
      'access_tokens.id',
      'access_tokens.name',
      'access_tokens.hint',
      'access_tokens.createdAt',
      'access_tokens.expiresAt',
      'users.email',
      'users.first_name',
    ])
    .where('access_tokens.expiresAt', '>', from)
    .where('access_tokens.expiresAt', '<=', until)
    .where('access_tokens.expiryMailedAt', 'is', null)
    .where('users.isRestricted', '=', false)
    .orderBy('access_tokens.expiresAt')
    .execute()
}

/** Records that the token's owner was mailed; false when another run did it first. */
export async function markTokenExpiryMailed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set({ expiryMailedAt: at })
    .where('id', '=', id)
    .where('expiryMailedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
