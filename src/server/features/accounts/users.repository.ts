import type { Insertable } from 'kysely'
import type { Db } from '../../db/db'
import { emailIs } from '../../db/email-match'
import type { DB } from '../../db/schema'

/**
 * E-mail addresses are stored in one canonical form (trimmed, lower case), so one comparison works on
 * both dialects (SQLite's lower() folds only ASCII) and the unique lower(email) index is a backstop.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** The user with this address, through the unique lower(email) index. */
export function userByEmailQuery(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(emailIs('email', normalizeEmail(email)))
}

export function findUserByEmail(db: Db, email: string) {
  return userByEmailQuery(db, email).executeTakeFirst()
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function insertUser(db: Db, row: DB['users']) {
  return db
    .insertInto('users')
    .values({ ...row, email: normalizeEmail(row.email) })
    .execute()
}

export function updateUser(db: Db, id: string, changes: Partial<Omit<DB['users'], 'id'>>) {
  return db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst()
}

export function countAdmins(db: Db) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('isRestricted', '=', false)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))
}

/** The sign-in providers linked to a user's account (Google and the like), in name order, once each. */
export async function linkedProviders(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('provider')
    .where('userId', '=', userId)
    .orderBy('provider')
    .execute()
  return [...new Set(rows.map((row) => row.provider))]
}

/** A user's profile picture, as stored (re-encoded WebP). */
export async function findAvatar(db: Db, userId: string) {
  return db
    .selectFrom('user_avatars')
    .select(['bytes', 'contentType', 'updatedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst()
}

/** Replaces a user's profile picture with `bytes` (re-encoded WebP). */
export async function replaceAvatar(db: Db, userId: string, bytes: Buffer, now: string): Promise<void> {
  await deleteAvatar(db, userId)
  await db
    .insertInto('user_avatars')
    .values({ userId, contentType: 'image/webp', bytes, updatedAt: now })
    .execute()
}

export async function deleteAvatar(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_avatars').where('userId', '=', userId).execute()
}

/** The user a provider's account is linked to. */
export function findUserByAccount(db: Db, provider: string, providerAccountId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.userId')
    .selectAll('users')
    .where('accounts.provider', '=', provider)
    .where('accounts.providerAccountId', '=', providerAccountId)
    .executeTakeFirst()
}

export async function insertAccount(db: Db, row: Insertable<DB['accounts']>): Promise<void> {
  await db.insertInto('accounts').values(row).execute()
}

export async function deleteAccount(db: Db, provider: string, providerAccountId: string): Promise<void> {
  await db
    .deleteFrom('accounts')
    .where('provider', '=', provider)
    .where('providerAccountId', '=', providerAccountId)
    .execute()
}

/** Inserts the user unless the address is taken (a concurrent insert included): then nothing happens. */
export async function insertUserUnlessTaken(db: Db, row: DB['users']): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...row, email: normalizeEmail(row.email) })
    .onConflict((oc) => oc.doNothing())
    .execute()
}
