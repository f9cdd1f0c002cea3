import { Users } from 'lucide-react'
import { useMemo } from 'react'
import { useLocation } from 'react-router'
import type { AdminUser } from '../../../shared/contract/admin-users'
import { TablePage, useTableState } from '../../components/data-table'
import { useAdminUserList } from './admin-users-api'
import { CopyEmailsButton } from './copy-emails-button'
import { InvitationsSection } from './invitations/invitations-section'
import { userColumns } from './users-columns'
import { UsersFilters } from './users-filters'
import { USERS_ENDPOINT, USERS_TABLE } from './users-table-state'

const userId = (user: AdminUser) => user.id
const userName = (user: AdminUser) => user.name.trim() || user.email
const USERS_EMPTY = {
  icon: Users,
  title: 'No users yet',
  description: 'People appear here when they sign up or accept an invitation.',
}

/** /admin/users: every account, searchable and filterable, with a CSV export of what is shown. */
export function UsersPage() {
  const state = useTableState(USERS_TABLE)
  const result = useAdminUserList(state.query)
  const { search } = useLocation()
  const columns = useMemo(() => userColumns(search), [search])
  return (
    <TablePage
      title="Users"
      description="Everyone with an account. Open a user to change their role, staff functions or restriction."
      access={{ need: 'admin', action: 'manage users' }}
      columns={columns}
      state={state}
      result={result}
      getRowId={userId}
      rowLabel={userName}
      search={{ label: 'Search users', placeholder: 'Search name, e-mail or business' }}
      filters={<UsersFilters state={state} />}
      exportEndpoint={USERS_ENDPOINT}
      bulkActions={(selected, clear) => <CopyEmailsButton users={selected} onDone={clear} />}
      empty={USERS_EMPTY}
    >
      <div className="mt-8">
        <InvitationsSection />
      </div>
    </TablePage>
  )
}
