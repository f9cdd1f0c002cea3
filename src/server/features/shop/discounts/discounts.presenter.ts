import type { DiscountDetail, DiscountSummary } from '../../../../shared/contract/shop/discounts'
import type { DiscountRow } from './discounts.repository'

// What leaves the server about a discount code: its fields, its uses, and where it stands now.

function stateOf(row: DiscountRow, now: Date): DiscountSummary['state'] {
  if (!row.active) return 'inactive'
  if (row.ends_at && Date.parse(row.ends_at) <= now.getTime()) return 'expired'
  if (row.max_uses !== null && Number(row.uses) >= row.max_uses) return 'used_up'
  if (row.starts_at && Date.parse(row.starts_at) > now.getTime()) return 'scheduled'
  return 'active'
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString())

export function presentDiscount(row: DiscountRow, currency: string, now: Date): DiscountSummary {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    min_order: row.min_order === null ? null : Number(row.min_order),
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    uses: Number(row.uses),
    paid_uses: Number(row.paid_uses),
    product_count: row.all_products ? 0 : Number(row.product_count ?? 0),
    active: row.active,
    state: stateOf(row, now),
    currency,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

export function presentDiscountDetail(
  row: DiscountRow,
  products: { id: string; name: string }[],
  currency: string,
  now: Date,
): DiscountDetail {
  return { ...presentDiscount(row, currency, now), product_ids: products.map((p) => p.id), products }
}
