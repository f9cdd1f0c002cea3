import { Users } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { CUSTOMER_SORTS, type CustomerSummary } from '../../../../shared/contract/shop/customers'
import { ACCOUNT_TYPES } from '../../../../shared/enums'
import {
  type ColumnDef,
  DataTableSelectFilter,
  TablePage,
  useTableState,
} from '../../../components/data-table'
import { formatDate, formatMoney } from '../../../lib/format'
import type { TableStateConfig } from '../../../lib/url-state'
import { ACCOUNT_TYPE_LABELS } from '../../admin/user-labels'
import { Nothing } from '../../admin/users-columns'
import { STAFF_CUSTOMERS_ENDPOINT, useCustomers } from './customers-api'

// /staff/customers: everyone who has paid for an order, for AccessShop staff and admins — what they
// bought and spent (net of refunds), searchable, sortable, filterable by account type, with a CSV.

type Sort = (typeof CUSTOMER_SORTS)[number]
const FILTERS = ['account_type'] as const
export const STAFF_CUSTOMERS_TABLE: TableStateConfig<Sort, (typeof FILTERS)[number]> = {
  sortable: CUSTOMER_SORTS,
  defaultSort: 'last_order_at',
  defaultOrder: 'desc',
  filters: FILTERS,
}
const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] }))

function columns(): ColumnDef<CustomerSummary>[] {
  return [
    {
      id: 'name',
      header: 'Customer',
      enableHiding: false,
      meta: { rowHeader: true, className: 'min-w-48' },
      cell: ({ row: { original: c } }) => (
        <div className="flex flex-col">
          <Link to={`/staff/customers/${c.id}`} className="font-medium text-fg hover:underline">
            {c.name.trim() || c.email}
          </Link>
          <span className="text-fg-muted text-sm [overflow-wrap:anywhere]">{c.email}</span>
        </div>
      ),
    },
    {
      id: 'account_type',
      header: 'Account type',
      cell: ({ row: { original: c } }) => ACCOUNT_TYPE_LABELS[c.account_type],
    },
    {
      id: 'business',
      header: 'Business',
      cell: ({ row: { original: c } }) => c.business_name ?? <Nothing />,
    },
    { id: 'order_count', header: 'Orders', cell: ({ row: { original: c } }) => c.order_count },
    {
      id: 'total_spent',
      header: 'Total spent',
      cell: ({ row: { original: c } }) => formatMoney(c.total_spent, c.currency),
    },
    {
      id: 'last_order_at',
      header: 'Last order',
      cell: ({ row: { original: c } }) =>
        c.last_order_at ? <time dateTime={c.last_order_at}>{formatDate(c.last_order_at)}</time> : <Nothing />,
    },
  ]
}

export function StaffCustomersPage() {
  const state = useTableState(STAFF_CUSTOMERS_TABLE)
  const result = useCustomers(state.query)
  const cols = useMemo(columns, [])
  return (
    <TablePage
      title="Customers"
      description="Everyone who has paid for an order, with what they spent after refunds. Open one for their orders."
      access={{ need: 'AccessShop', action: 'see customers' }}
      columns={cols}
      state={state}
      result={result}
      getRowId={(c) => c.id}
      rowLabel={(c) => c.name}
      search={{ label: 'Search customers', placeholder: 'Name, e-mail or business' }}
      filters={
        <DataTableSelectFilter
          state={state}
          name="account_type"
          label="Account type"
          allLabel="All account types"
          options={ACCOUNT_TYPE_OPTIONS}
        />
      }
      exportEndpoint={STAFF_CUSTOMERS_ENDPOINT}
      empty={{
        icon: Users,
        title: 'No customers yet',
        description: 'People appear here once they have paid for an order.',
      }}
    />
  )
}
