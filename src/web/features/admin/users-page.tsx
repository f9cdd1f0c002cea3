import { Users } from 'lucide-react'
import { useMemo } from 'react'
import { useLocation } from 'react-router'
import type { AdminUser } from '../../../shared/contract/admin-users'
import { AccessProblem, accessProblemStatus } from '../../components/auth/access-problem'
import { DataTable, useTableState } from '../../components/data-table'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { exportUrl } from '../../lib/url-state'
import { useAdminUserList } from './admin-users-api'
import { CopyEmailsButton } from './copy-emails-button'
import { InvitationsSection } from './invitations-section'
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

  const denied = accessProblemStatus(result.error)
  if (denied) return <AccessProblem status={denied} need="admin" action="manage users" />
  return (
    <>
      <PageTitle title="Users" />
      <PageHeader
        title="Users"
        description="Everyone with an account. Open a user to change their role, staff functions or restriction."
      />
      <DataTable
        label="Users"
        columns={columns}
        state={state}
        result={result}
        getRowId={userId}
        rowLabel={userName}
        search={{ label: 'Search users', placeholder: 'Search name, e-mail or business' }}
        filters={<UsersFilters state={state} />}
        exportHref={exportUrl(USERS_ENDPOINT, state.state)}
        bulkActions={(selected, clear) => <CopyEmailsButton users={selected} onDone={clear} />}
        empty={USERS_EMPTY}
      />
      <div className="mt-8">
        <InvitationsSection />
      </div>
    </>
  )
}
