import { ACCOUNT_TYPES, ROLES } from '../../../shared/enums'
import {
  DataTableDateRangeFilter,
  DataTableSelectFilter,
  type TableStateController,
} from '../../components/data-table'
import { ACCOUNT_TYPE_LABELS, ROLE_LABELS } from './user-labels'
import type { UserFilter, UserSort } from './users-table-state'

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))
const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] }))
const RESTRICTED_OPTIONS = [
  { value: 'true', label: 'Restricted' },
  { value: 'false', label: 'Not restricted' },
]
const VERIFIED_OPTIONS = [
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
]

/** The users table's filters: role, account type, restriction, e-mail verification, created between. */
export function UsersFilters({ state }: { state: TableStateController<UserSort, UserFilter> }) {
  return (
    <>
      <DataTableSelectFilter
        state={state}
        name="role"
        label="Role"
        allLabel="All roles"
        options={ROLE_OPTIONS}
      />
      <DataTableSelectFilter
        state={state}
        name="account_type"
        label="Account type"
        allLabel="All types"
        options={ACCOUNT_TYPE_OPTIONS}
      />
      <DataTableSelectFilter
        state={state}
        name="restricted"
        label="Restricted"
        allLabel="Any"
        options={RESTRICTED_OPTIONS}
      />
      <DataTableSelectFilter
        state={state}
        name="verified"
        label="E-mail verified"
        allLabel="Any"
        options={VERIFIED_OPTIONS}
      />
      <DataTableDateRangeFilter state={state} from="from" to="to" label="Created" />
    </>
  )
}
