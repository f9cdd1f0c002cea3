import { describe, expect, it } from 'vitest'
import type { Caller } from '../../lib/http/caller'
import { user } from '../test-callers'
import {
  canCheckout,
  canRefund,
  canSeeAllOrders,
  canSeeOrder,
  hasDeliverables,
  refundRefusal,
  settle,
} from './orders.policy'

describe('orders policy', () => {
  it.each([
    ['verified user', user(), true],
    ['unverified', user({ emailVerified: false }), false],
    ['restricted', user({ isRestricted: true }), false],
    ['anonymous', { kind: 'anonymous' } as Caller, false],
  ])('checkout: %s → %s', (_n, actor, ok) => expect(canCheckout(actor)).toBe(ok))

  it.each([
    ['admin', user({ role: 'admin' }), true],
    ['AccessShop staff', user({ role: 'staff', staffFunctions: ['AccessShop'] }), true],
    ['UploadProducts staff', user({ role: 'staff', staffFunctions: ['UploadProducts'] }), false],
    ['user', user(), false],
    ['restricted admin', user({ role: 'admin', isRestricted: true }), false],
  ])('all orders and refunds: %s → %s', (_n, actor, ok) => {
    expect(canSeeAllOrders(actor)).toBe(ok)
    expect(canRefund(actor)).toBe(ok)
  })

  it('one order: the buyer or shop staff', () => {
    expect(canSeeOrder(user(), { user_id: 'u' })).toBe(true)
    expect(canSeeOrder(user(), { user_id: 'u2' })).toBe(false)
    expect(canSeeOrder(user({ role: 'staff', staffFunctions: ['AccessShop'] }), { user_id: 'u2' })).toBe(true)
  })

  const order = { status: 'pending' as const, trxref: 'r1', total: 5000, currency: 'NGN' }
  const ok = { status: 'success', reference: 'r1', amount: 5000, currency: 'NGN' }
  it.each([
    ['match', order, ok, 'paid'],
    ['underpaid', order, { ...ok, amount: 4000 }, 'needs_review'],
    ['overpaid', order, { ...ok, amount: 6000 }, 'needs_review'],
    ['wrong currency', order, { ...ok, currency: 'USD' }, 'needs_review'],
    ['other reference', order, { ...ok, reference: 'r2' }, null],
    ['declined', order, { ...ok, status: 'failed' }, 'failed'],
    ['abandoned', order, { ...ok, status: 'abandoned' }, null],
    ['late success after failure', { ...order, status: 'failed' as const }, ok, 'paid'],
    ['late success after abandonment', { ...order, status: 'abandoned' as const }, ok, 'paid'],
    ['already paid', { ...order, status: 'paid' as const }, ok, null],
    ['refunded', { ...order, status: 'refunded' as const }, ok, null],
    ['failure after paid', { ...order, status: 'paid' as const }, { ...ok, status: 'failed' }, null],
  ])('settle: %s', (_n, o, report, to) => expect(settle(o, report).to).toBe(to))

  it('refunds never exceed what was paid', () => {
    const paid = { status: 'paid' as const, total: 5000 }
    expect(refundRefusal(paid, 0, 5000)).toBeUndefined()
    expect(refundRefusal(paid, 3000, 2000)).toBeUndefined()
    expect(refundRefusal(paid, 3000, 2001)).toMatch(/more than/)
    expect(refundRefusal(paid, 0, 0)).toMatch(/positive/)
    expect(refundRefusal({ ...paid, status: 'pending' }, 0, 1)).toMatch(/paid order/)
  })

  it('deliverables while paid', () => {
    expect(hasDeliverables('paid')).toBe(true)
    expect(hasDeliverables('refund_pending')).toBe(true)
    expect(hasDeliverables('refunded')).toBe(false)
    expect(hasDeliverables('pending')).toBe(false)
  })
})
