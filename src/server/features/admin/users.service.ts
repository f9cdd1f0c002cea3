import type { AccessChangeInput, AdminUserListQuery } from '../../../shared/contract/admin-users'
import { parseStaffFunctions } from '../../../shared/staff-functions'
import type { AppDeps } from '../../deps'
import { type CsvColumn, csvStream } from '../../lib/csv/csv-stream'
import type { Caller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { fetchListPage, isUnfiltered } from '../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../lib/list-query/query-batches'
import { keptTotal } from '../../lib/list-query/row-counts.repository'
import { canViewUsers } from '../../policies/users.policy'
import { countAdmins } from '../accounts/users.repository'
import { recordExport } from '../audit/audit.service'
import { changeUserAccess, endAllSessions } from './user-access.service'
import { presentAdminUser } from './users.presenter'
import {
  filteredUsers,
  findUserForAdmin,
  USER_LIST_COLUMNS,
  type UserListRow,
  userConnections,
} from './users.repository'

type Deps = Pick<AppDeps, 'database' | 'clock'>

function authorizeView(actor: Caller) {
  if (!canViewUsers(actor)) throw problems.forbidden()
}

export async function listUsers(deps: Deps, actor: Caller, query: AdminUserListQuery) {
  authorizeView(actor)
  const admins = await countAdmins(deps.database.db)
  const { db } = deps.database
  const page = await fetchListPage(
    filteredUsers(db, query),
    query,
    USER_LIST_COLUMNS,
    keptTotal(db, 'users', isUnfiltered(query)),
  )
  return { ...page, items: page.items.map((row) => presentAdminUser(row, actor, admins)) }
}

export async function getUser(deps: Deps, actor: Caller, id: string) {
  authorizeView(actor)
  const row = await findUserForAdmin(deps.database.db, id)
  if (!row) throw problems.notFound('No such user.')
  const admins = await countAdmins(deps.database.db)
  return { ...presentAdminUser(row, actor, admins), ...(await userConnections(deps.database.db, id)) }
}

export async function updateUserAccess(deps: Deps, by: Caller, id: string, change: AccessChangeInput) {
  authorizeView(by)
  await changeUserAccess(deps, by, id, change)
  return getUser(deps, by, id)
}

export async function endUserSessions(deps: Deps, by: Caller, id: string, options: { tokens: boolean }) {
  authorizeView(by)
  if (!(await findUserForAdmin(deps.database.db, id))) throw problems.notFound('No such user.')
  return endAllSessions(deps, by, id, options)
}

const CSV_COLUMNS: CsvColumn<UserListRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'first_name', value: (r) => r.first_name },
  { header: 'last_name', value: (r) => r.last_name },
  { header: 'email', value: (r) => r.email },
  { header: 'account_type', value: (r) => r.account_type },
  { header: 'business_name', value: (r) => r.business_name },
  { header: 'industry', value: (r) => r.industry },
  { header: 'role', value: (r) => r.role },
  { header: 'staffFunctions', value: (r) => staffFunctionsCell(r.staffFunctions) },
  { header: 'isRestricted', value: (r) => r.isRestricted },
  // Stored as ISO-8601 UTC text on both databases (docs/decisions/0003): written as they are.
  { header: 'emailVerified', value: (r) => r.emailVerified },
  { header: 'createdAt', value: (r) => r.createdAt },
]

/** The staff functions cell by the stored JSON text: a handful of distinct values across all users. */
const staffFunctionCells = new Map<string, string>()
function staffFunctionsCell(raw: string): string {
  let cell = staffFunctionCells.get(raw)
  if (cell === undefined) {
    cell = parseStaffFunctions(raw).join(' ')
    if (staffFunctionCells.size < 1000) staffFunctionCells.set(raw, cell)
  }
  return cell
}

/** Every user matching the table's current filters and search (not just the page), streamed. */
export async function exportUsers(deps: Deps, by: Caller, query: AdminUserListQuery) {
  authorizeView(by)
  await recordExport(deps.database.db, by, 'users', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    filteredUsers(deps.database.db, query),
    query,
    USER_LIST_COLUMNS,
  )
  return csvStream(CSV_COLUMNS, rows)
}
