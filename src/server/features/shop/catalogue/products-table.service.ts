import type { ProductListQuery } from '../../../../shared/contract/shop/products'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { Caller } from '../../../lib/http/caller'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { recordExport } from '../../audit/audit.service'
import { presentProductRow } from './products.presenter'
import { managedProducts, PRODUCT_LIST_COLUMNS, type ProductRecord } from './products.repository'
import { authorizeManager, type Deps } from './products.service'

// The staff products table: a page, and the CSV export of exactly its filtered rows.

export async function getManagedList(deps: Deps, actor: Caller, query: ProductListQuery) {
  authorizeManager(actor)
  const page = await fetchListPage(managedProducts(deps.database.db, query), query, PRODUCT_LIST_COLUMNS)
  return { ...page, items: page.items.map((row) => presentProductRow(row, deps.env.shopCurrency, actor)) }
}

const PRODUCT_CSV = (currency: string): CsvColumn<ProductRecord>[] => [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'type', value: (r) => r.type },
  { header: 'price', value: (r) => Number(r.price) },
  { header: 'currency', value: () => currency },
  { header: 'published', value: (r) => (r.isPublished ? 'yes' : 'no') },
  { header: 'deliverable', value: (r) => (r.product_url ? 'link' : r.deliveryFileKey ? 'file' : 'none') },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
]

/** Every product matching the table's filters and search (not just the page), streamed; audited. */
export async function exportProducts(deps: Deps, by: Caller, query: ProductListQuery) {
  authorizeManager(by)
  await recordExport(deps.database.db, by, 'products', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    managedProducts(deps.database.db, query),
    query,
    PRODUCT_LIST_COLUMNS,
  )
  return csvStream(PRODUCT_CSV(deps.env.shopCurrency), rows)
}
