import type { DiscountCreateInput } from '../../src/shared/contract/shop/discounts'
import type { Person } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Discount codes made through the staff API, as staff make them.

let counter = 0

/** A fresh code's fields: 10 % off everything, unless told otherwise. */
export function codeFields(overrides: Partial<DiscountCreateInput> = {}): DiscountCreateInput {
  return {
    code: `SAVE${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`,
    kind: 'percentage',
    value: 10,
    min_order: null,
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: null,
    product_ids: [],
    active: true,
    ...overrides,
  }
}

export async function makeCode(staff: Person, overrides: Partial<DiscountCreateInput> = {}) {
  return call(staff, 'POST', '/api/staff/discounts', codeFields(overrides), 201)
}

export async function usesOf(t: TestApp, id: string) {
  return t.database.db
    .selectFrom('discount_codes')
    .select(['uses', 'paid_uses'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => ({ uses: Number(r.uses), paid_uses: Number(r.paid_uses) }))
}
