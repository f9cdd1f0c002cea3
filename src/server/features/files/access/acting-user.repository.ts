import type { Db } from '../../../db/db'

/** What deciding on someone's rights needs of them: acting-user.ts makes them a caller. */
export function actingUserRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'staffFunctions', 'isRestricted'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

export type ActingUserRow = NonNullable<Awaited<ReturnType<typeof actingUserRow>>>
