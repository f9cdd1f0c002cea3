import type { DiscountCreateInput, DiscountDetail } from '../../../../shared/contract/shop/discounts'
import { minorToInput, parseMoneyInput } from '../product-editor/money-input'
import type { PickedProduct, ProductScope } from './product-picker'

// The discount form's text fields and their checks before sending: each field says what is wrong.

export interface DiscountFormValues {
  code: string
  kind: 'percentage' | 'fixed'
  value: string
  min_order: string
  starts_at: string
  ends_at: string
  max_uses: string
  max_uses_per_customer: string
  /** Every product, or only `products`. */
  scope: ProductScope
  products: PickedProduct[]
  active: boolean
}

const local = (iso: string | null) => (iso ? iso.slice(0, 16) : '')

export function formValuesOf(d: DiscountDetail | undefined, currency: string): DiscountFormValues {
  return {
    code: d?.code ?? '',
    kind: d?.kind ?? 'percentage',
    value: d ? (d.kind === 'percentage' ? String(d.value) : minorToInput(d.value, currency)) : '',
    min_order: d?.min_order ? minorToInput(d.min_order, currency) : '',
    starts_at: local(d?.starts_at ?? null),
    ends_at: local(d?.ends_at ?? null),
    max_uses: d?.max_uses ? String(d.max_uses) : '',
    max_uses_per_customer: d?.max_uses_per_customer ? String(d.max_uses_per_customer) : '',
    scope: d && d.products.length > 0 ? 'chosen' : 'all',
    products: d?.products ?? [],
    active: d?.active ?? true,
  }
}

function whole(text: string, label: string, errors: Record<string, string>, key: string): number | null {
  if (text.trim() === '') return null
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) errors[key] = `${label} must be a whole number of at least 1.`
  return n
}

/** The body to send, or the message for each wrong field. Dates are read as UTC. */
export function parseDiscountForm(
  v: DiscountFormValues,
  currency: string,
): { body: DiscountCreateInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(v.code.trim())) errors.code = 'Use 3 to 40 letters, digits, - or _.'
  let value = 0
  if (v.kind === 'percentage') {
    value = Number(v.value)
    if (!Number.isInteger(value) || value < 1 || value > 100)
      errors.value = 'Enter a whole percentage from 1 to 100.'
  } else {
    const money = parseMoneyInput(v.value, currency)
    if (money.ok && money.minor > 0) value = money.minor
    else errors.value = money.ok ? 'The amount must be more than zero.' : money.message
  }
  let minOrder: number | null = null
  if (v.min_order.trim() !== '') {
    const money = parseMoneyInput(v.min_order, currency)
    if (money.ok && money.minor > 0) minOrder = money.minor
    else errors.min_order = money.ok ? 'The minimum must be more than zero.' : money.message
  }
  const starts = v.starts_at ? `${v.starts_at}:00Z` : null
  const ends = v.ends_at ? `${v.ends_at}:00Z` : null
  if (starts && ends && ends <= starts) errors.ends_at = 'The end must come after the start.'
  if (v.scope === 'chosen' && v.products.length === 0)
    errors.product_ids = 'Choose at least one product, or choose “All products”.'
  const body: DiscountCreateInput = {
    code: v.code.trim().toUpperCase(),
    kind: v.kind,
    value,
    min_order: minOrder,
    starts_at: starts,
    ends_at: ends,
    max_uses: whole(v.max_uses, 'The total use limit', errors, 'max_uses'),
    max_uses_per_customer: whole(
      v.max_uses_per_customer,
      'The per-customer limit',
      errors,
      'max_uses_per_customer',
    ),
    product_ids: v.scope === 'chosen' ? v.products.map((p) => p.id) : [],
    active: v.active,
  }
  return Object.keys(errors).length > 0 ? { errors } : { body }
}
