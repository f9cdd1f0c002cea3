import { ADMIN_USER_SORTS } from '../../../shared/contract/admin-users'
import type { TableStateConfig } from '../../lib/url-state'

// The users table's URL state: the same parameters GET /api/admin/users takes
// (adminUserListQuerySchema), with the same defaults (newest first).

export const USERS_ENDPOINT = '/api/admin/users'

export const USER_FILTERS = ['role', 'account_type', 'restricted', 'verified', 'from', 'to'] as const
export type UserFilter = (typeof USER_FILTERS)[number]
export type UserSort = (typeof ADMIN_USER_SORTS)[number]

export const USERS_TABLE: TableStateConfig<UserSort, UserFilter> = {
  sortable: ADMIN_USER_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: USER_FILTERS,
  defaultHidden: ['business'],
}
