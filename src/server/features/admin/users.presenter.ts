import type { AdminUser } from '../../../shared/contract/admin-users'
import { parseStaffFunctions } from '../../../shared/staff-functions'
import type { Caller } from '../../lib/http/caller'
import { canEndSessionsOf, decideAccessChange } from '../../policies/users.policy'
import type { UserListRow } from './users.repository'

/** What leaves the server about a user in the admin table, with what the caller may do to them. */
export function presentAdminUser(row: UserListRow, caller: Caller, activeAdmins: number): AdminUser {
  const target = { id: row.id, role: row.role, isRestricted: row.isRestricted }
  return {
    ...row,
    staffFunctions: parseStaffFunctions(row.staffFunctions),
    abilities: {
      changeRole: decideAccessChange(
        caller,
        target,
        { role: row.role === 'admin' ? 'user' : 'admin' },
        activeAdmins,
      ).ok,
      restrict: decideAccessChange(caller, target, { isRestricted: !row.isRestricted }, activeAdmins).ok,
      endSessions: canEndSessionsOf(caller, row.id),
    },
  }
}
