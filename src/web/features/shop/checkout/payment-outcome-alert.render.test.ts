import { createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { OrderDetail } from '../../../../shared/contract/shop/orders'
import type { PayAgain } from './pay-again'
import { PaymentOutcomeAlert } from './payment-outcome-alert'

// What the checkout callback tells the buyer once the server has answered the verification.

const ORDER: OrderDetail = {
  id: 'order-1',
  trxref: 'dep_7f3a9c',
  name: 'Design guide',
  status: 'paid',
  total: 2500,
  discount_code: null,
  discount: 0,
  currency: 'NGN',
  user_id: 'user-1',
  buyer_name: 'Ada Obi',
  buyer_email: 'ada@acme.test',
  buyer_business_name: null,
  item_count: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:01:00.000Z',
  lines: [
    { product_id: 'p1', name: 'Design guide', type: 'digital', quantity: 1, amount: 2500, discount: 0 },
  ],
  deliverables: [],
  events: [],
  refunds: [],
  refunded: 0,
  refundable: 2500,
  abilities: { pay: false, refund: false },
}

const payAgain: PayAgain = { paying: false, error: undefined, pay: () => {} }

const render = (order: Partial<OrderDetail>, verified = true) =>
  renderToStaticMarkup(h(PaymentOutcomeAlert, { order: { ...ORDER, ...order }, verified, payAgain }))

describe('the payment outcome', () => {
  it('says a paid order is received, even when the check could not reach Paystack', () => {
    expect(render({ status: 'paid' })).toContain('Payment received')
    expect(render({ status: 'paid' }, false)).toContain('Payment received')
  })

  it('says an unconfirmed payment will be confirmed later', () => {
    expect(render({ status: 'pending' }, false)).toContain('Payment not confirmed yet')
  })

  it('offers to pay a failed or pending order again only when the buyer may', () => {
    const failed = render({ status: 'failed', abilities: { pay: true, refund: false } })
    expect(failed).toContain('The payment did not go through')
    expect(failed).toContain('Pay again')
    const pending = render({ status: 'pending' })
    expect(pending).toContain('Not paid yet')
    expect(pending).not.toContain('Pay again')
  })

  it('says a mismatched amount is being checked, and says nothing for other states', () => {
    expect(render({ status: 'needs_review' })).toContain('We are checking your payment')
    expect(render({ status: 'refunded' })).toBe('')
  })
})
