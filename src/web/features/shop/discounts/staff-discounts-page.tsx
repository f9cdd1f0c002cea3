import { BadgePercent } from 'lucide-react'
import { useMemo, useState } from 'react'
import { DISCOUNT_SORTS, type DiscountSummary } from '../../../../shared/contract/shop/discounts'
import {
  type ColumnDef,
  DataTableSelectFilter,
  TablePage,
  useTableState,
} from '../../../components/data-table'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { formatDate, formatMoney } from '../../../lib/format'
import type { TableStateConfig } from '../../../lib/url-state'
import { Nothing } from '../../admin/users-columns'
import { DiscountForm } from './discount-form'
import { STAFF_DISCOUNTS_ENDPOINT, useDiscount, useDiscounts } from './discounts-api'

// /staff/discounts: the discount codes for AccessShop staff and admins — make, change, deactivate,
// search, sort, filter and export them.

type Sort = (typeof DISCOUNT_SORTS)[number]
const FILTERS = ['active'] as const
export const STAFF_DISCOUNTS_TABLE: TableStateConfig<Sort, (typeof FILTERS)[number]> = {
  sortable: DISCOUNT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: FILTERS,
}
const STATE_LABELS: Record<DiscountSummary['state'], string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Inactive',
}

function columns(edit: (id: string) => void): ColumnDef<DiscountSummary>[] {
  return [
    {
      id: 'code',
      header: 'Code',
      enableHiding: false,
      meta: { rowHeader: true },
      cell: ({ row: { original: d } }) => (
        <Button variant="ghost" size="sm" onClick={() => edit(d.id)} aria-label={`Edit ${d.code}`}>
          <span className="font-mono font-medium">{d.code}</span>
        </Button>
      ),
    },
    {
      id: 'value',
      header: 'Discount',
      cell: ({ row: { original: d } }) =>
        d.kind === 'percentage' ? `${d.value} %` : formatMoney(d.value, d.currency),
    },
    { id: 'state', header: 'State', cell: ({ row: { original: d } }) => STATE_LABELS[d.state] },
    {
      id: 'uses',
      header: 'Uses',
      cell: ({ row: { original: d } }) =>
        `${d.paid_uses} paid · ${d.uses}${d.max_uses ? ` of ${d.max_uses}` : ''}`,
    },
    {
      id: 'products',
      header: 'Products',
      cell: ({ row: { original: d } }) => (d.product_count === 0 ? 'All' : d.product_count),
    },
    {
      id: 'ends_at',
      header: 'Ends',
      cell: ({ row: { original: d } }) =>
        d.ends_at ? <time dateTime={d.ends_at}>{formatDate(d.ends_at)}</time> : <Nothing />,
    },
  ]
}

/** "New discount code" and the dialog that makes a code or changes the one being edited. */
function DiscountDialog({
  editing,
  setEditing,
  currency,
}: {
  editing: string | undefined
  setEditing: (id: string | undefined) => void
  currency: string | undefined
}) {
  const detail = useDiscount(editing === 'new' ? undefined : editing)
  const ready = editing === 'new' || detail.data
  return (
    <div className="mb-4">
      <Button onClick={() => setEditing('new')}>New discount code</Button>
      <Dialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)}>
        <DialogContent title={editing === 'new' ? 'New discount code' : 'Edit discount code'}>
          {ready ? (
            <DiscountForm
              key={editing}
              discount={editing === 'new' ? undefined : detail.data}
              currency={currency ?? detail.data?.currency ?? 'NGN'}
              onDone={() => setEditing(undefined)}
            />
          ) : (
            <p role="status">{detail.isError ? 'The code could not be loaded.' : 'Loading…'}</p>
          )}
        </DialogContent>
      </Dialog>
    </div>
  )
}

export function StaffDiscountsPage() {
  const state = useTableState(STAFF_DISCOUNTS_TABLE)
  const result = useDiscounts(state.query)
  const [editing, setEditing] = useState<string | 'new' | undefined>()
  const cols = useMemo(() => columns(setEditing), [])
  return (
    <TablePage
      title="Discount codes"
      description="Codes buyers enter in the cart. Uses count paid orders and checkouts still being paid."
      access={{ need: 'AccessShop', action: 'manage discount codes' }}
      columns={cols}
      state={state}
      result={result}
      getRowId={(d) => d.id}
      rowLabel={(d) => d.code}
      search={{ label: 'Search codes', placeholder: 'Code' }}
      filters={
        <DataTableSelectFilter
          state={state}
          name="active"
          label="Active"
          allLabel="Active and inactive"
          options={[
            { value: 'yes', label: 'Active' },
            { value: 'no', label: 'Inactive' },
          ]}
        />
      }
      exportEndpoint={STAFF_DISCOUNTS_ENDPOINT}
      above={
        <DiscountDialog
          editing={editing}
          setEditing={setEditing}
          currency={result.data?.items[0]?.currency}
        />
      }
      empty={{
        icon: BadgePercent,
        title: 'No discount codes yet',
        description: 'Make one with "New discount code".',
      }}
    />
  )
}
