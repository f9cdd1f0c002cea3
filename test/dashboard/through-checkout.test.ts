import { describe, expect, it } from 'vitest'
import { applyPaymentReport } from '../../src/server/features/shop/payments/payments.service'
import { checkout, orderOf, product, shopApp } from '../shop-payments/helpers'
import { signedIn } from '../support/people'
import { call } from '../support/typed-client'
import { businessIn } from './helpers'

// The dashboard counts a sale when the order first becomes paid (orders.paid_at, set by the move into
// `paid`): through the real checkout and Paystack's report, at the app's clock.

describe('a sale through checkout', () => {
  it('is counted on the day it was paid, in the business’s zone', async () => {
    const s = await shopApp()
    s.t.clock.now = new Date('2026-05-04T21:30:00Z') // 23:30 in Berlin (CEST)
    await businessIn(s.t, 'Europe/Berlin')
    const p = await product(s.t, { price: 2500 })
    const buyer = await signedIn(s.t)
    const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 2 }])
    s.t.clock.now = new Date('2026-05-04T22:30:00Z') // 00:30 on 05-05 in Berlin
    await applyPaymentReport(
      s.t.deps,
      { id: 4242, status: 'success', reference: session.reference, amount: 5000, currency: 'NGN' },
      'webhook:charge.success',
    )
    expect((await orderOf(s.t, session.order_id)).paid_at).toBe('2026-05-04T22:30:00.000Z')
    const admin = await signedIn(s.t, { role: 'admin' })
    const days = await call(admin, 'GET', '/api/dashboard?period=custom&from=2026-05-04&to=2026-05-05')
    expect(days.shop!.revenueSeries).toEqual([
      { bucket: '2026-05-04', revenue: 0, orders: 0 },
      { bucket: '2026-05-05', revenue: 5000, orders: 1 },
    ])
    // Created on 05-04, paid on 05-05: a checkout started on one day and paid on the next.
    expect(days.shop!.kpis.checkoutsStarted.current).toBe(1)
    expect(days.shop!.kpis.newCustomers.current).toBe(1)
    expect(days.shop!.topProducts).toEqual([{ productId: p.id, name: p.name, revenue: 5000, quantity: 2 }])
  })
})
