import { Receipt } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { ORDER_SORTS, type OrderSummary } from '../../../../shared/contract/shop/orders'
import { ORDER_STATUSES } from '../../../../shared/enums'
import {
  type ColumnDef,
  DataTableDateRangeFilter,
  type DataTableProps,
  DataTableSelectFilter,
  useTableState,
} from '../../../components/data-table'
import { formatDateTime, formatMoney } from '../../../lib/format'
import { exportUrl, type TableStateConfig } from '../../../lib/url-state'
import { ORDER_STATUS_LABELS, OrderStatusBadge } from './order-status'
import { STAFF_ORDERS_ENDPOINT, useStaffOrders } from './orders-api'

// The staff orders table: every order on /staff/orders, one buyer's on their customer page. Status,
// date range, search, paging, sorting, and a CSV export of exactly the filtered rows (audited on the
// server).

type Sort = (typeof ORDER_SORTS)[number]
const FILTERS = ['status', 'from', 'to'] as const
const STAFF_ORDERS_TABLE: TableStateConfig<Sort, (typeof FILTERS)[number]> = {
  sortable: ORDER_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: FILTERS,
}
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))

/** The staff orders table's columns; a customer's page leaves out the buyer. */
function staffOrderColumns(options: { buyer?: boolean } = {}): ColumnDef<OrderSummary>[] {
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

const orderId = (o: OrderSummary) => o.id
const orderLabel = (o: OrderSummary) => `${o.name} (${o.trxref})`

/**
 * The table of every order, or of one buyer's: its state, rows, columns, filters and export, for a
 * TablePage or a DataTable that adds its label, search wording and what to say when it is empty.
 */
export function useStaffOrdersTable(
  empty: { title: string; description: string },
  buyer?: string,
): Omit<DataTableProps<OrderSummary, Sort, (typeof FILTERS)[number]>, 'label' | 'search'> {
  const state = useTableState(STAFF_ORDERS_TABLE)
  const result = useStaffOrders(buyer ? { ...state.query, buyer } : state.query)
  const columns = useMemo(() => staffOrderColumns({ buyer: !buyer }), [buyer])
  const status = (
    <DataTableSelectFilter
      state={state}
      name="status"
      label="Status"
      allLabel="All statuses"
      options={STATUS_OPTIONS}
    />
  )
  return {
    columns,
    state,
    result,
    getRowId: orderId,
    rowLabel: orderLabel,
    filters: buyer ? (
      status
    ) : (
      <>
        {status}
        <DataTableDateRangeFilter state={state} from="from" to="to" label="Ordered" />
      </>
    ),
    exportHref: exportUrl(
      STAFF_ORDERS_ENDPOINT,
      buyer ? { ...state.state, filters: { ...state.state.filters, buyer } } : state.state,
    ),
    empty: { icon: Receipt, ...empty },
  }
}
