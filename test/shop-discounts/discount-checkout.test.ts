import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { reconcilePendingOrders } from '../../src/server/features/shop/payments/reconciliation'
import { DISCOUNT_REFUSALS } from '../../src/shared/contract/shop/discounts'
import { download } from '../shop-invoices/helpers'
import { pdfText } from '../shop-invoices/pdf-text'
import {
  DECLINED_CARD,
  fulfilments,
  orderOf,
  payWithForm,
  product,
  type ShopTest,
  SUCCESS_CARD,
  settled,
  shopApp,
  verify,
} from '../shop-payments/helpers'
import { type Person, signedIn } from '../support/people'
import { call } from '../support/typed-client'
import { makeCode, usesOf } from './helpers'

// A code at checkout: the server computes every amount, says why a code does not apply, charges the
// discounted total, pays a free order at once, holds a one-use code to one order under 20 concurrent
// checkouts, counts a use when paid and gives it back when the checkout is abandoned; a line's refund
// never returns more than was paid for it.

let s: ShopTest
let shop: Person
beforeAll(async () => {
  s = await shopApp()
  shop = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
})
beforeEach(() => s.paystack.emulator.reset())

const HOUR = 60 * 60 * 1000

describe('what a code takes off', () => {
  it('computes each line on the server: a percentage rounded down per line, a fixed amount shared exactly', async () => {
    const { client } = await signedIn(s.t)
    const a = await product(s.t, { price: 2505 })
    const b = await product(s.t, { price: 1000 })
    const c = await product(s.t, { price: 999 })
    const items = [
      { product_id: a.id, quantity: 1 },
      { product_id: b.id, quantity: 2 },
      { product_id: c.id, quantity: 1 },
    ]
    const pct = await makeCode(shop, { value: 10, product_ids: [a.id, b.id] })
    const preview = await call(client, 'POST', '/api/shop/discounts/preview', {
      code: pct.code.toLowerCase(),
      items,
    })
    const byId = new Map(preview.lines.map((l) => [l.product_id, l.discount]))
    expect([byId.get(a.id), byId.get(b.id), byId.get(c.id)]).toEqual([250, 200, 0])
    expect(preview).toMatchObject({ subtotal: 5504, discount: 450, total: 5054, currency: 'NGN' })

    const fixed = await makeCode(shop, { kind: 'fixed', value: 1000 })
    const shared = await call(client, 'POST', '/api/shop/discounts/preview', { code: fixed.code, items })
    expect(shared.discount).toBe(1000)
    expect(shared.lines.reduce((sum, l) => sum + l.discount, 0)).toBe(1000)
    for (const l of shared.lines) expect(l.discount).toBeLessThanOrEqual(l.amount * l.quantity)

    const session = await call(client, 'POST', '/api/shop/checkout', { items, discount_code: pct.code })
    expect(session).toMatchObject({ total: 5054, discount: 450, paid: false })
    expect(s.paystack.emulator.transaction(session.reference)).toMatchObject({ amount: 5054 })
    const order = await call(client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(order).toMatchObject({ total: 5054, discount: 450, discount_code: pct.code })
    expect(await usesOf(s.t, pct.id)).toEqual({ uses: 1, paid_uses: 0 })
  })

  it('says exactly why a code does not apply', async () => {
    const buyer = await signedIn(s.t)
    const p = await product(s.t, { price: 5000 })
    const other = await product(s.t, { price: 5000 })
    const items = [{ product_id: p.id, quantity: 1 }]
    const now = s.t.clock.now.getTime()
    const codes = {
      discount_unknown: 'NO-SUCH-CODE',
      discount_not_yet_valid: (await makeCode(shop, { starts_at: new Date(now + HOUR).toISOString() })).code,
      discount_expired: (await makeCode(shop, { ends_at: new Date(now - HOUR).toISOString() })).code,
      discount_used_up: (await makeCode(shop, { max_uses: 1 })).code,
      discount_not_for_these_products: (await makeCode(shop, { product_ids: [other.id] })).code,
      discount_below_minimum: (await makeCode(shop, { min_order: 10000 })).code,
      discount_already_used: (await makeCode(shop, { max_uses_per_customer: 1 })).code,
    }
    const inactive = await makeCode(shop, { active: false })
    // Used up by someone else; already used by this buyer.
    const other1 = await signedIn(s.t)
    await call(other1, 'POST', '/api/shop/checkout', { items, discount_code: codes.discount_used_up })
    await call(buyer, 'POST', '/api/shop/checkout', { items, discount_code: codes.discount_already_used })
    for (const reason of DISCOUNT_REFUSALS) {
      const code = codes[reason]
      const problem = await call(buyer, 'POST', '/api/shop/discounts/preview', { code, items }, 422)
      expect(problem.code, reason).toBe(reason)
      expect(problem.errors?.discount_code?.[0]).toBe(problem.detail)
      const atCheckout = await call(buyer, 'POST', '/api/shop/checkout', { items, discount_code: code }, 422)
      expect(atCheckout.code, reason).toBe(reason)
    }
    const off = await call(buyer, 'POST', '/api/shop/discounts/preview', { code: inactive.code, items }, 422)
    expect(off.code).toBe('discount_unknown')
    const below = await call(
      buyer,
      'POST',
      '/api/shop/discounts/preview',
      { code: codes.discount_below_minimum, items },
      422,
    )
    expect(below.detail).toMatch(/100\.00/)
  })
})

describe('paying with a code', () => {
  it('counts the use when paid, once, and shows the code on the order, the receipt, the CSV and the invoice', async () => {
    const buyer = await signedIn(s.t)
    const { client } = buyer
    const p = await product(s.t, { price: 10000 })
    const code = await makeCode(shop, { value: 25 })
    const session = await call(client, 'POST', '/api/shop/checkout', {
      items: [{ product_id: p.id, quantity: 1 }],
      discount_code: code.code,
    })
    await payWithForm(s, session, SUCCESS_CARD)
    await verify(client, session.reference)
    await settled(s)
    await verify(client, session.reference)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 1 })
    const receipt = await s.t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('template', '=', 'order-receipt')
      .where('text_body', 'like', `%${session.reference}%`)
      .executeTakeFirstOrThrow()
    expect(receipt.text_body).toContain(code.code)
    const staffView = await call(shop, 'GET', `/api/staff/orders/${session.order_id}`)
    expect(staffView).toMatchObject({ discount_code: code.code, discount: 2500, total: 7500 })
    expect(staffView.lines[0]).toMatchObject({ amount: 10000, discount: 2500 })
    const csv = await call(shop, 'GET', `/api/staff/orders/export.csv?q=${session.reference}`)
    expect(csv).toContain(code.code)
    // The invoice shows the line's discount and charges what was paid.
    const invoice = await pdfText(await download(buyer, `/api/shop/orders/${session.order_id}/invoice.pdf`))
    expect(invoice).toMatch(/1\s+₦100\.00\s+−₦25\.00\s+₦75\.00/)
    expect(invoice).toMatch(/Total paid\s+₦75\.00/)
    // The invoice's row keeps what the code took off, for the accountant's export.
    const row = await s.t.database.db
      .selectFrom('invoices')
      .select(['discount', 'total'])
      .where('order_id', '=', session.order_id)
      .executeTakeFirstOrThrow()
    expect({ discount: Number(row.discount), total: Number(row.total) }).toEqual({
      discount: 2500,
      total: 7500,
    })
  })

  it('pays an order the code makes free at once, without Paystack, and fulfils it once', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t, { price: 4000 })
    const code = await makeCode(shop, { value: 100 })
    const session = await call(client, 'POST', '/api/shop/checkout', {
      items: [{ product_id: p.id, quantity: 1 }],
      discount_code: code.code,
    })
    expect(session).toMatchObject({ total: 0, discount: 4000, paid: true })
    expect(s.paystack.emulator.transaction(session.reference)).toBeUndefined()
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 1 })
    const order = await call(client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(order.deliverables).toHaveLength(1)
  })

  it('never refunds more for a line than was paid for it', async () => {
    const { client } = await signedIn(s.t)
    const a = await product(s.t, { price: 10000 })
    const b = await product(s.t, { price: 10000 })
    const code = await makeCode(shop, { value: 50, product_ids: [a.id] })
    const session = await call(client, 'POST', '/api/shop/checkout', {
      items: [
        { product_id: a.id, quantity: 1 },
        { product_id: b.id, quantity: 1 },
      ],
      discount_code: code.code,
    })
    await payWithForm(s, session, SUCCESS_CARD)
    await verify(client, session.reference)
    const path = `/api/staff/orders/${session.order_id}/refunds` as const
    const over = await call(shop, 'POST', path, { amount: 5001, product_id: a.id }, 422)
    expect(over.errors?.amount?.[0]).toMatch(/more than was paid for this line/)
    await call(shop, 'POST', path, { amount: 5000, product_id: a.id })
    await settled(s)
    const order = await call(shop, 'GET', `/api/staff/orders/${session.order_id}`)
    expect(order.refunded).toBe(5000)
    const again = await call(shop, 'POST', path, { amount: 1, product_id: a.id }, 422)
    expect(again.errors?.amount?.[0]).toMatch(/\(0\)/)
  })
})

describe('limits under concurrency', () => {
  it('gives exactly one discounted order to 20 simultaneous checkouts of a one-use code', async () => {
    const p = await product(s.t, { price: 3000 })
    const code = await makeCode(shop, { max_uses: 1 })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedIn(s.t)))
    const answers = await Promise.allSettled(
      buyers.map((b) =>
        call(b, 'POST', '/api/shop/checkout', {
          items: [{ product_id: p.id, quantity: 1 }],
          discount_code: code.code,
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1)
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [String(a.reason)] : []))
    expect(refused).toHaveLength(19)
    for (const r of refused) expect(r).toMatch(/→ 422 .*discount_used_up/)
    const discounted = await s.t.database.db
      .selectFrom('orders')
      .select('id')
      .where('discount_code_id', '=', code.id)
      .execute()
    expect(discounted).toHaveLength(1)
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 0 })
  })

  it('gives the use back when the checkout is abandoned', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t, { price: 3000 })
    const code = await makeCode(shop, { max_uses: 1 })
    const session = await call(client, 'POST', '/api/shop/checkout', {
      items: [{ product_id: p.id, quantity: 1 }],
      discount_code: code.code,
    })
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 0 })
    s.t.clock.advance(25 * HOUR)
    await reconcilePendingOrders(s.t.deps)
    expect((await orderOf(s.t, session.order_id)).status).toBe('abandoned')
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 0, paid_uses: 0 })
    const again = await signedIn(s.t)
    await call(again, 'POST', '/api/shop/discounts/preview', {
      code: code.code,
      items: [{ product_id: p.id, quantity: 1 }],
    })
  })
})

describe('a declined checkout’s use', () => {
  async function declined(maxUses: number | null) {
    const buyer = await signedIn(s.t)
    const p = await product(s.t, { price: 4000 })
    const code = await makeCode(shop, { max_uses: maxUses })
    const session = await call(buyer.client, 'POST', '/api/shop/checkout', {
      items: [{ product_id: p.id, quantity: 1 }],
      discount_code: code.code,
    })
    await payWithForm(s, session, DECLINED_CARD)
    await verify(buyer.client, session.reference)
    expect((await orderOf(s.t, session.order_id)).status).toBe('failed')
    return { buyer, p, code, session }
  }

  it('is kept while the order can be paid again, and counted once when it is paid on the same order', async () => {
    const { buyer, code, session } = await declined(1)
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 0 })
    s.t.clock.advance(2 * HOUR)
    expect(await reconcilePendingOrders(s.t.deps)).toMatchObject({ usesReturned: 0 })
    const again = await call(buyer.client, 'POST', `/api/shop/orders/${session.order_id}/pay`)
    expect(again.reference).toBe(session.reference)
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 0 })
    await payWithForm(s, again, SUCCESS_CARD)
    await verify(buyer.client, session.reference)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 1 })
  })

  it('goes back once the declined checkout is as old as an abandoned one; paying later takes it again', async () => {
    const { buyer, code, session } = await declined(1)
    s.t.clock.advance(25 * HOUR)
    expect(await reconcilePendingOrders(s.t.deps)).toMatchObject({ usesReturned: 1 })
    expect(await reconcilePendingOrders(s.t.deps)).toMatchObject({ usesReturned: 0 })
    const order = await orderOf(s.t, session.order_id)
    expect(order).toMatchObject({ status: 'failed', discount_use: 'returned' })
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 0, paid_uses: 0 })
    const again = await call(buyer.client, 'POST', `/api/shop/orders/${session.order_id}/pay`)
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 0 })
    await payWithForm(s, again, SUCCESS_CARD)
    await verify(buyer.client, session.reference)
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 1 })
  })

  it('cannot be taken again by paying later once someone else used the code up', async () => {
    const { buyer, p, code, session } = await declined(1)
    s.t.clock.advance(25 * HOUR)
    await reconcilePendingOrders(s.t.deps)
    const other = await signedIn(s.t)
    await call(other.client, 'POST', '/api/shop/checkout', {
      items: [{ product_id: p.id, quantity: 1 }],
      discount_code: code.code,
    })
    const refused = await call(
      buyer.client,
      'POST',
      `/api/shop/orders/${session.order_id}/pay`,
      undefined,
      422,
    )
    expect(refused.code).toBe('discount_used_up')
    expect(await usesOf(s.t, code.id)).toEqual({ uses: 1, paid_uses: 0 })
    expect((await orderOf(s.t, session.order_id)).discount_use).toBe('returned')
  })
})
