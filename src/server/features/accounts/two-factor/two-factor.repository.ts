import type { Db } from '../../../db/db'
import { newId } from '../../../lib/ids'

// The SQL of two-factor sign-in: the authenticator row and the recovery codes.

export function findTwoFactor(db: Db, userId: string) {
  return db.selectFrom('user_two_factor').selectAll().where('userId', '=', userId).executeTakeFirst()
}

/** Whether the user has a confirmed authenticator. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_factor')
    .select('userId')
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

/** What the admins' requirement needs of a user: whether it is on, and when they first signed in. */
export async function enrolmentFacts(db: Db, userId: string) {
  const row = await db
    .selectFrom('users')
    .leftJoin('user_two_factor', 'user_two_factor.userId', 'users.id')
    .select(['users.firstSignInAt', 'user_two_factor.enabledAt'])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  return { enabled: Boolean(row?.enabledAt), firstSignInAt: row?.firstSignInAt ?? null }
}

/** Records the user's first sign-in (the start of a required enrolment's grace period), once. */
export async function markFirstSignIn(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ firstSignInAt: at })
    .where('id', '=', userId)
    .where('firstSignInAt', 'is', null)
    .execute()
}

/** Starts (or restarts) an enrolment: a new secret, not yet confirmed. Never replaces a confirmed one. */
export async function savePendingSecret(
  db: Db,
  userId: string,
  secret: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('user_two_factor')
    .values({ userId, secret, enabledAt: null, lastUsedStep: null, createdAt: now })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ secret, createdAt: now, lastUsedStep: null })
        .where('user_two_factor.enabledAt', 'is', null),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Records that a code of `step` was used, only if no code of that step or a later one was: a code
 * works once (RFC 6238 §5.2). One statement, so two concurrent uses of one code cannot both pass.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ lastUsedStep: step })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function markEnabled(db: Db, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ enabledAt: now })
    .where('userId', '=', userId)
    .where('enabledAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Removes the authenticator and every recovery code; says whether there was a confirmed one. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('userId', '=', userId).execute()
  const result = await db
    .deleteFrom('user_two_factor')
    .where('userId', '=', userId)
    .returning('enabledAt')
    .executeTakeFirst()
  return Boolean(result?.enabledAt)
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('userId', '=', userId).execute()
  const stamp = now.toISOString()
  await db
    .insertInto('two_factor_recovery_codes')
    .values(
      hashes.map((codeHash) => ({
        id: newId(now.getTime()),
        userId,
        codeHash,
        usedAt: null,
        createdAt: stamp,
      })),
    )
    .execute()
}

/** Uses up an unused recovery code; true exactly once per code, even under concurrent attempts. */
export async function spendRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) >= 1
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
