import { type Kysely, sql } from 'kysely'
import type { AdminUserListQuery } from '../../../shared/contract/admin-users'
import type { DB } from '../../db/schema'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'
import { hasTwoFactor } from '../accounts/two-factor/two-factor.repository'

// Named queries for the admin's users table.

export const USER_LIST_COLUMNS: ListColumns<DB, 'users', AdminUserListQuery['sort']> = {
  searchColumns: ['users.name', 'users.email', 'users.business_name'],
  sortColumns: {
    name: sql`lower(users.name)`,
    email: 'users.email',
    role: 'users.role',
    account_type: 'users.account_type',
    createdAt: 'users.createdAt',
  },
  idColumn: 'users.id',
}

const LIST_FIELDS = [
  'users.id',
  'users.name',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.account_type',
  'users.business_name',
  'users.industry',
  'users.role',
  'users.staffFunctions',
  'users.isRestricted',
  'users.emailVerified',
  'users.createdAt',
] as const

/** The users matching the table's filters (not yet searched, sorted or paged). */
export function filteredUsers(db: Kysely<DB>, query: AdminUserListQuery) {
  let qb = db.selectFrom('users').select(LIST_FIELDS)
  if (query.role) qb = qb.where('users.role', '=', query.role)
  if (query.account_type) qb = qb.where('users.account_type', '=', query.account_type)
  if (query.restricted) qb = qb.where('users.isRestricted', '=', query.restricted === 'true')
  if (query.verified === 'true') qb = qb.where('users.emailVerified', 'is not', null)
  if (query.verified === 'false') qb = qb.where('users.emailVerified', 'is', null)
  if (query.from || query.to)
    qb = qb.where(dateRangeFilter('users.createdAt', { from: query.from, to: query.to }))
  return qb
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof filteredUsers>['executeTakeFirstOrThrow']>>

export function findUserForAdmin(db: Kysely<DB>, id: string) {
  return db.selectFrom('users').select(LIST_FIELDS).where('users.id', '=', id).executeTakeFirst()
}

export async function userConnections(db: Kysely<DB>, id: string) {
  // A restricted user's sessions are kept (so their open tabs learn why they ended) but none works.
  const sessions = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessions.userId', '=', id)
    .where('users.isRestricted', '=', false)
    .executeTakeFirstOrThrow()
  const providers = await db.selectFrom('accounts').select('provider').where('userId', '=', id).execute()
  const twoFactor = await hasTwoFactor(db, id)
  return {
    sessions: Number(sessions.n),
    providers: providers.map((p) => p.provider),
    twoFactorEnabled: twoFactor,
  }
}

/** Every user (of one role, if given), the oldest account first, with what the command line lists. */
export function listUsersByAge(db: Kysely<DB>, role?: string) {
  let query = db
    .selectFrom('users')
    .select(['email', 'name', 'role', 'staffFunctions', 'isRestricted', 'emailVerified', 'createdAt'])
    .orderBy('createdAt')
  if (role) query = query.where('role', '=', role as never)
  return query.execute()
}
