import { beforeAll, describe, expect, it } from 'vitest'
import { applyPaymentReport } from '../../src/server/features/shop/payments/payments.service'
import { businessIn } from '../dashboard/helpers'
import { checkout, product, type ShopTest, shopApp } from '../shop-payments/helpers'
import { signedIn } from '../support/people'

// An invoice's number carries the year it was issued in the business's time zone (docs/decisions/0131):
// at the same instants around New Year, a business in Auckland is already in the new year and one in
// Los Angeles still in the old one.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})

async function paidAt(at: string) {
  s.t.clock.now = new Date(at)
  const p = await product(s.t, { price: 1500 })
  const buyer = await signedIn(s.t)
  const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
  const outcome = await applyPaymentReport(
    s.t.deps,
    { id: Date.now(), status: 'success', reference: session.reference, amount: 1500, currency: 'NGN' },
    'webhook:charge.success',
  )
  expect(outcome?.status).toBe('paid')
  const invoice = await s.t.database.db
    .selectFrom('invoices')
    .select('number')
    .where('order_id', '=', session.order_id)
    .executeTakeFirstOrThrow()
  return invoice.number
}

describe('the invoice year', () => {
  it('is the business’s year where it is, not the year in UTC', async () => {
    await businessIn(s.t, 'Pacific/Auckland')
    // 01:00 on 2027-01-01 in Auckland; still 2026 in UTC.
    expect(await paidAt('2026-12-31T12:00:00Z')).toBe('INV-2027-000001')
    await businessIn(s.t, 'America/Los_Angeles')
    // 21:00 on 2026-12-31 in Los Angeles; already 2027 in UTC.
    expect(await paidAt('2027-01-01T05:00:00Z')).toBe('INV-2026-000001')
    expect(await paidAt('2027-01-01T08:00:00Z')).toBe('INV-2027-000002')
  })
})
