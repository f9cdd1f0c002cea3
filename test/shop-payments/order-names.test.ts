import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { call } from '../support/typed-client'
import { checkout, orderOf, product, type ShopTest, settled, shopApp } from './helpers'

// Orders are named by their products wherever people read them (the buyer's and staff's lists and
// pages, the receipt and refund e-mails, notifications); the Paystack reference stays a detail.
// A corporate buyer's receipt is made out to their business.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})
beforeEach(() => s.paystack.emulator.reset())

async function paidOrder(buyer: Awaited<ReturnType<typeof signedIn>>, names: string[]) {
  const items = []
  for (const name of names)
    items.push({ product_id: (await product(s.t, { name, price: 2500 })).id, quantity: 1 })
  const session = await checkout(buyer.client, items)
  s.paystack.emulator.pay(session.access_code, '4084084084084081')
  await settled(s)
  expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
  return session
}

function mailsTo(email: string, template: string) {
  return s.t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .where('template', '=', template)
    .execute()
}

describe('order names', () => {
  it('names a corporate buyer’s order by its products everywhere, with the business on the receipt', async () => {
    const buyer = await signedIn(s.t, {
      account_type: 'corporate',
      business_name: 'Acme Prints Ltd',
      industry: 'Printing',
    })
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    const session = await paidOrder(buyer, ['Design guide', 'Logo pack', 'Font kit'])
    const name = 'Design guide and 2 more'

    const mine = await call(buyer.client, 'GET', '/api/shop/orders')
    expect(mine.items).toEqual([
      expect.objectContaining({ id: session.order_id, name, buyer_business_name: 'Acme Prints Ltd' }),
    ])
    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(page).toMatchObject({ name, trxref: session.reference, buyer_business_name: 'Acme Prints Ltd' })
    const table = await call(staff.client, 'GET', `/api/staff/orders?buyer=${buyer.id}`)
    expect(table.items).toEqual([expect.objectContaining({ name, buyer_business_name: 'Acme Prints Ltd' })])
    const staffPage = await call(staff.client, 'GET', `/api/staff/orders/${session.order_id}`)
    expect(staffPage).toMatchObject({ name, buyer_business_name: 'Acme Prints Ltd' })

    const [receipt] = await mailsTo(buyer.email, 'order-receipt')
    expect(receipt?.subject).toMatch(/^Your receipt for order Design guide and 2 more · /)
    expect(receipt?.subject).not.toContain(session.reference)
    const text = (receipt?.text_body ?? '').replace(/\s+/g, ' ')
    // Thanks first, then the items.
    expect(text).toContain('Thank you for your order. Your payment was received.')
    expect(text.indexOf('Thank you for your order')).toBeLessThan(text.indexOf('Design guide'))
    expect(text).toContain('Billed to: Acme Prints Ltd')
    expect(text).toContain(`Reference: ${session.reference}`)
    expect(receipt?.html_body).toContain('Billed to: Acme Prints Ltd')

    const ordered = await s.t.database.db
      .selectFrom('notifications')
      .select(['mainItem'])
      .where('order_id', '=', session.order_id)
      .where('action', '=', 'ordered')
      .execute()
    expect(ordered).toEqual([{ mainItem: name }])

    // The refund notice and the buyer's notification name it the same way.
    await call(
      staff.client,
      'POST',
      `/api/staff/orders/${session.order_id}/refunds`,
      {
        amount: 1000,
        reason: 'one file was broken',
      },
      202,
    )
    await settled(s)
    const [notice] = await mailsTo(buyer.email, 'refund-notice')
    expect(notice?.subject).toMatch(/^Your order Design guide and 2 more was refunded ₦10\.00 · /)
    const updated = await s.t.database.db
      .selectFrom('notifications')
      .select(['mainItem'])
      .where('order_id', '=', session.order_id)
      .where('action', '=', 'updated')
      .execute()
    expect(updated.length).toBeGreaterThan(0)
    expect(updated.every((n) => n.mainItem === name)).toBe(true)
  })

  it('names a single-product order by its product, and leaves an individual’s receipt without a business', async () => {
    // A business name left over from a corporate past does not make an individual's receipt corporate.
    const buyer = await signedIn(s.t, { account_type: 'individual', business_name: 'Old Shop Ltd' })
    const session = await paidOrder(buyer, ['Brand book'])

    const page = await call(buyer.client, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(page).toMatchObject({ name: 'Brand book', buyer_business_name: null })
    const [receipt] = await mailsTo(buyer.email, 'order-receipt')
    expect(receipt?.subject).toMatch(/^Your receipt for order Brand book · /)
    expect(receipt?.text_body).not.toContain('Billed to')
    expect(receipt?.text_body).not.toContain('Old Shop Ltd')
    expect(receipt?.text_body).toContain(session.reference)
  })
})
