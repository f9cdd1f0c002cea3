import { TablePage } from '../../../components/data-table'
import { InvoiceExport } from './invoice-export'
import { useStaffOrdersTable } from './staff-orders-table'

/** /staff/orders: every order, for AccessShop staff and admins. */
export function StaffOrdersPage() {
  const table = useStaffOrdersTable({
    title: 'No orders yet',
    description: 'Orders appear here when customers check out.',
  })
  return (
    <TablePage
      {...table}
      title="Orders"
      description="Every order, with its payment status. Open one for its history or to refund it."
      access={{ need: 'AccessShop', action: 'see orders' }}
      search={{ label: 'Search orders', placeholder: 'Reference, buyer name or e-mail' }}
    >
      <InvoiceExport />
    </TablePage>
  )
}
