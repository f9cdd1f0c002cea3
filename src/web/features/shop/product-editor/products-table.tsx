import { Package, Plus } from 'lucide-react'
import { Link } from 'react-router'
import {
  PRODUCT_SORTS,
  PRODUCT_STATES,
  type ProductRow,
  productListSchema,
} from '../../../../shared/contract/shop/products'
import {
  type ColumnDef,
  DataTableSelectFilter,
  TablePage,
  useListQuery,
  useTableState,
} from '../../../components/data-table'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { formatDateTime } from '../../../lib/format'
import type { TableStateConfig } from '../../../lib/url-state'
import { Price } from '../price'
import { PRODUCTS_ENDPOINT, shopKeys, useProductTypes } from '../shop-api'

// /admin/products: every product (drafts too) for UploadProducts staff and admins, with search,
// type and state filters, sorting, paging and a CSV export of the filtered rows.

type ProductSort = (typeof PRODUCT_SORTS)[number]
const PRODUCTS_TABLE: TableStateConfig<ProductSort, 'type' | 'state'> = {
  sortable: PRODUCT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: ['type', 'state'],
}
const STATE_OPTIONS = PRODUCT_STATES.map((s) => ({
  value: s,
  label: s === 'published' ? 'Published' : 'Draft',
}))
const DELIVERABLE_LABELS = { link: 'Link', file: 'File', none: 'None yet' } as const

const columns: ColumnDef<ProductRow>[] = [
  {
    id: 'name',
    header: 'Name',
    enableHiding: false,
    meta: { rowHeader: true, className: 'min-w-56' },
    cell: ({ row: { original: p } }) => (
      <Link
        to={`/admin/products/${encodeURIComponent(p.id)}`}
        className="font-medium text-fg hover:underline"
      >
        {p.name}
      </Link>
    ),
  },
  { id: 'type', header: 'Type', cell: ({ row: { original: p } }) => p.type },
  {
    id: 'price',
    header: 'Price',
    cell: ({ row: { original: p } }) => <Price amount={p.price} currency={p.currency} />,
  },
  {
    id: 'state',
    header: 'State',
    cell: ({ row: { original: p } }) =>
      p.isPublished ? <Badge variant="success">Published</Badge> : <Badge variant="warning">Draft</Badge>,
  },
  {
    id: 'deliverable',
    header: 'Buyers get',
    cell: ({ row: { original: p } }) => DELIVERABLE_LABELS[p.deliverable],
  },
  { id: 'updatedAt', header: 'Updated', cell: ({ row: { original: p } }) => formatDateTime(p.updatedAt) },
  { id: 'createdAt', header: 'Created', cell: ({ row: { original: p } }) => formatDateTime(p.createdAt) },
]

export function ProductsTablePage() {
  const state = useTableState(PRODUCTS_TABLE)
  const result = useListQuery<ProductRow>({
    queryKey: [...shopKeys.managed, 'list'],
    endpoint: PRODUCTS_ENDPOINT,
    schema: productListSchema,
    query: state.query,
  })
  const types = useProductTypes()
  return (
    <TablePage
      title="Products"
      description="Everything in the shop, drafts included. Open a product to edit it."
      access={{ need: 'UploadProducts', action: 'manage products' }}
      columns={columns}
      state={state}
      result={result}
      getRowId={(p) => p.id}
      search={{ label: 'Search products', placeholder: 'Search name, type or description' }}
      filters={
        <>
          <DataTableSelectFilter
            state={state}
            name="type"
            label="Type"
            allLabel="All types"
            options={(types.data?.types ?? []).map((t) => ({ value: t, label: t }))}
          />
          <DataTableSelectFilter
            state={state}
            name="state"
            label="State"
            allLabel="Any"
            options={STATE_OPTIONS}
          />
        </>
      }
      exportEndpoint={PRODUCTS_ENDPOINT}
      empty={{
        icon: Package,
        title: 'No products yet',
        description: 'Add your first e-book, template or course.',
      }}
      actions={
        <Button asChild>
          <Link to="/admin/products/new">
            <Plus aria-hidden="true" />
            New product
          </Link>
        </Button>
      }
    />
  )
}
