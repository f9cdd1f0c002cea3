import type { Db } from '../../../db/db'
import type { SignedInCaller } from '../../../lib/http/caller'
import { parseStaffFunctions } from '../../accounts/sessions.service'

// Someone who is not making this request but whose rights decide it, as they stand now: a share
// link's creator at each use, the person who shared a folder with an address when that address's
// account claims it.

export function actingUserRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'staffFunctions', 'isRestricted'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

export type ActingUserRow = NonNullable<Awaited<ReturnType<typeof actingUserRow>>>

export function actingUser(row: ActingUserRow): SignedInCaller {
  return {
    kind: 'user',
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    staffFunctions: parseStaffFunctions(row.staffFunctions),
    isRestricted: row.isRestricted,
    emailVerified: true,
  }
}
