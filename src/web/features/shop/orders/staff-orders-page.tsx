import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { StaffOrdersTable, useStaffOrdersTable } from './staff-orders-table'

/** /staff/orders: every order, for AccessShop staff and admins. */
export function StaffOrdersPage() {
  const table = useStaffOrdersTable()
  const denied = accessProblemStatus(table.result.error)
  if (denied) return <AccessProblem status={denied} need="AccessShop" action="see orders" />
  return (
    <>
      <PageTitle title="Orders" />
      <PageHeader
        title="Orders"
        description="Every order, with its payment status. Open one for its history or to refund it."
      />
      <StaffOrdersTable
        table={table}
        label="Orders"
        search={{ label: 'Search orders', placeholder: 'Reference, buyer name or e-mail' }}
        empty={{ title: 'No orders yet', description: 'Orders appear here when customers check out.' }}
      />
    </>
  )
}
