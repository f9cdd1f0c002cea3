import { Receipt } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { ORDER_SORTS, type OrderSummary } from '../../../../shared/contract/orders'
import { ORDER_STATUSES } from '../../../../shared/enums'
import { AccessProblem, accessProblemStatus } from '../../../components/auth/access-problem'
import {
  type ColumnDef,
  DataTable,
  DataTableDateRangeFilter,
  DataTableSelectFilter,
  useTableState,
} from '../../../components/data-table'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { formatDateTime, formatMoney } from '../../../lib/format'
import { exportUrl, type TableStateConfig } from '../../../lib/url-state'
import { ORDER_STATUS_LABELS, OrderStatusBadge } from './order-status'
import { STAFF_ORDERS_ENDPOINT, useStaffOrders } from './orders-api'

// /staff/orders: every order for AccessShop staff and admins — status, date range, search, paging,
// sorting, and a CSV export of exactly the filtered rows (audited on the server).

type Sort = (typeof ORDER_SORTS)[number]
const FILTERS = ['status', 'from', 'to'] as const
export const STAFF_ORDERS_TABLE: TableStateConfig<Sort, (typeof FILTERS)[number]> = {
  sortable: ORDER_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: FILTERS,
}
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))

/** The staff orders table's columns; a customer's page leaves out the buyer. */
export function staffOrderColumns(options: { buyer?: boolean } = {}): ColumnDef<OrderSummary>[] {
  const order: ColumnDef<OrderSummary> = {
    id: 'trxref',
    header: 'Order',
    enableHiding: false,
    meta: { rowHeader: true, className: 'min-w-48' },
    cell: ({ row: { original: o } }) => (
      <div className="flex flex-col">
        <Link to={`/staff/orders/${o.id}`} className="font-medium text-fg hover:underline">
          {o.name}
        </Link>
        <code className="text-xs text-fg-muted [overflow-wrap:anywhere]">{o.trxref}</code>
      </div>
    ),
  }
  const buyer: ColumnDef<OrderSummary> = {
    id: 'buyer',
    header: 'Buyer',
    cell: ({ row: { original: o } }) => (
      <div className="flex flex-col">
        <Link to={`/staff/customers/${o.user_id}`} className="hover:underline">
          {o.buyer_name}
        </Link>
        <span className="text-fg-muted text-sm [overflow-wrap:anywhere]">{o.buyer_email}</span>
      </div>
    ),
  }
  return [order, ...(options.buyer === false ? [] : [buyer]), ...ORDER_FIGURES]
}

const ORDER_FIGURES: ColumnDef<OrderSummary>[] = [
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: o } }) => <OrderStatusBadge status={o.status} />,
  },
  { id: 'total', header: 'Total', cell: ({ row: { original: o } }) => formatMoney(o.total, o.currency) },
  { id: 'createdAt', header: 'Ordered', cell: ({ row: { original: o } }) => formatDateTime(o.createdAt) },
]

export function StaffOrdersPage() {
  const state = useTableState(STAFF_ORDERS_TABLE)
  const result = useStaffOrders(state.query)
  const cols = useMemo(() => staffOrderColumns(), [])
  const denied = accessProblemStatus(result.error)
  if (denied) return <AccessProblem status={denied} need="AccessShop" action="see orders" />
  return (
    <>
      <PageTitle title="Orders" />
      <PageHeader
        title="Orders"
        description="Every order, with its payment status. Open one for its history or to refund it."
      />
      <DataTable
        label="Orders"
        columns={cols}
        state={state}
        result={result}
        getRowId={(o) => o.id}
        rowLabel={(o) => `${o.name} (${o.trxref})`}
        search={{ label: 'Search orders', placeholder: 'Reference, buyer name or e-mail' }}
        filters={
          <>
            <DataTableSelectFilter
              state={state}
              name="status"
              label="Status"
              allLabel="All statuses"
              options={STATUS_OPTIONS}
            />
            <DataTableDateRangeFilter state={state} from="from" to="to" label="Ordered" />
          </>
        }
        exportHref={exportUrl(STAFF_ORDERS_ENDPOINT, state.state)}
        empty={{
          icon: Receipt,
          title: 'No orders yet',
          description: 'Orders appear here when customers check out.',
        }}
      />
    </>
  )
}
