import type { DiscountListQuery } from '../../../../shared/contract/shop/discounts'
import { majorUnits } from '../../../../shared/money'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import type { Caller } from '../../../lib/http/caller'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { recordExport } from '../../audit/audit.service'
import { presentDiscount } from './discounts.presenter'
import { DISCOUNT_LIST_COLUMNS, type DiscountRow, filteredDiscounts } from './discounts.repository'
import { authorizeDiscounts, type Deps } from './discounts.service'

// The staff table of discount codes: a page, and the audited CSV export of exactly its filtered rows.

export async function listDiscounts(deps: Deps, actor: Caller, query: DiscountListQuery) {
  authorizeDiscounts(actor)
  const page = await fetchListPage(filteredDiscounts(deps.database.db, query), query, DISCOUNT_LIST_COLUMNS)
  const now = deps.clock()
  return { ...page, items: page.items.map((row) => presentDiscount(row, deps.env.shopCurrency, now)) }
}

function discountCsv(currency: string, now: Date): CsvColumn<DiscountRow>[] {
  const money = (v: number | null) => (v === null ? '' : majorUnits(Number(v), currency))
  return [
    { header: 'code', value: (r) => r.code },
    { header: 'kind', value: (r) => r.kind },
    { header: 'value', value: (r) => (r.kind === 'percentage' ? String(r.value) : money(r.value)) },
    { header: 'min_order', value: (r) => money(r.min_order) },
    { header: 'currency', value: () => currency },
    { header: 'starts_at', value: (r) => r.starts_at ?? '' },
    { header: 'ends_at', value: (r) => r.ends_at ?? '' },
    { header: 'max_uses', value: (r) => (r.max_uses === null ? '' : String(r.max_uses)) },
    {
      header: 'max_uses_per_customer',
      value: (r) => (r.max_uses_per_customer === null ? '' : String(r.max_uses_per_customer)),
    },
    { header: 'uses', value: (r) => String(Number(r.uses)) },
    { header: 'paid_uses', value: (r) => String(Number(r.paid_uses)) },
    { header: 'products', value: (r) => (r.all_products ? 'all' : String(Number(r.product_count ?? 0))) },
    { header: 'state', value: (r) => presentDiscount(r, currency, now).state },
    { header: 'createdAt', value: (r) => new Date(r.createdAt).toISOString() },
    { header: 'id', value: (r) => r.id },
  ]
}

/** Every code matching the table's filters and search (not just the page), streamed; audited. */
export async function exportDiscounts(deps: Deps, by: Caller, query: DiscountListQuery) {
  authorizeDiscounts(by)
  await recordExport(deps.database.db, by, 'discount_codes', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    filteredDiscounts(deps.database.db, query),
    query,
    DISCOUNT_LIST_COLUMNS,
  )
  return csvStream(discountCsv(deps.env.shopCurrency, deps.clock()), rows)
}
