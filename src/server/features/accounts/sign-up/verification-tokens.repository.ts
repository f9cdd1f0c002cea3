import type { Insertable } from 'kysely'
import type { Db } from '../../../db/db'
import { emailIs } from '../../../db/email-match'
import type { DB } from '../../../db/schema'

// Named queries of single-use verification tokens (verification-tokens.ts).

type TokenPurpose = DB['verification_tokens']['purpose']

export async function deleteTokensFor(db: Db, email: string, purpose: TokenPurpose): Promise<void> {
  await db
    .deleteFrom('verification_tokens')
    .where(emailIs('email', email))
    .where('purpose', '=', purpose)
    .execute()
}

export async function insertToken(db: Db, row: Insertable<DB['verification_tokens']>): Promise<void> {
  await db.insertInto('verification_tokens').values(row).execute()
}

export function findToken(db: Db, tokenHash: string, purpose: TokenPurpose) {
  return db
    .selectFrom('verification_tokens')
    .selectAll()
    .where('token', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst()
}

/** Answers whether this call deleted it (of two concurrent deletes, one does). */
export async function deleteToken(db: Db, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('verification_tokens').where('id', '=', id).executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}

/** Deletes tokens expired by `now`; answers how many. */
export async function deleteExpiredTokens(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('verification_tokens').where('expires', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
