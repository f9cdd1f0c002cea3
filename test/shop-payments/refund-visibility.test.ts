import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Notification, NotificationList } from '../../src/shared/contract/notifications'
import type { OrderDetail } from '../../src/shared/contract/shop/orders'
import { formatNotificationSentence } from '../../src/shared/notification-sentence'
import { signedIn } from '../support/people'
import { call } from '../support/typed-client'
import {
  checkout,
  orderOf,
  product,
  REFUND_FAILS_CARD,
  type ShopTest,
  SUCCESS_CARD,
  settled,
  shopApp,
} from './helpers'

// A refund is visible to the buyer (docs/decisions/0059): the order page shows each refund and what
// came back, the buyer gets a refund notice e-mail in the transaction that settles the refund, and
// the notification reads "Your order Brand Kit was refunded ₦1,500.50". Staff see the same, with
// their reasons and failed attempts.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})
beforeEach(() => s.paystack.emulator.reset())

type Client = Awaited<ReturnType<typeof signedIn>>['client']

async function paidOrder(card = SUCCESS_CARD) {
  const buyer = await signedIn(s.t, { first_name: 'Bola' })
  const p = await product(s.t, { name: 'Brand Kit', price: 300100 })
  const session = await checkout(buyer.client, [{ product_id: p.id, quantity: 1 }])
  s.paystack.emulator.pay(session.access_code, card)
  await settled(s)
  expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
  return { buyer, session }
}

async function detail(client: Client, path: string): Promise<OrderDetail> {
  const res = await client.json(path)
  expect(res.status).toBe(200)
  return (await res.json()) as OrderDetail
}

async function orderNotes(client: Client, orderId: string): Promise<Notification[]> {
  const res = await call(client, 'GET', '/api/notifications?type=order&limit=100')
  return (res as NotificationList).items.filter((n) => n.order_id === orderId)
}

const text = (n: Notification) => formatNotificationSentence(n.sentence).text

const refundMails = (to: string) =>
  s.t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', 'refund-notice')
    .where('to_address', '=', to)
    .execute()

describe('a partial refund, as the buyer sees it', () => {
  it('shows on the order, arrives by e-mail, and is told in words', async () => {
    const { buyer, session } = await paidOrder()
    // Made before the app's clock, so the broadcast reaches them (new accounts see no older ones).
    const staff = await signedIn(s.t, {
      role: 'staff',
      functions: ['AccessShop'],
      createdAt: new Date(s.t.clock.now.getTime() - 60 * 60 * 1000).toISOString(),
    })
    await call(
      staff.client,
      'POST',
      `/api/staff/orders/${session.order_id}/refunds`,
      {
        amount: 150050,
        reason: 'one template was broken',
      },
      202,
    )
    await settled(s)

    // The order stays paid (and downloadable), with the refund and the amount returned.
    const mine = await detail(buyer.client, `/api/shop/orders/${session.order_id}`)
    expect(mine).toMatchObject({
      status: 'paid',
      total: 300100,
      refunded: 150050,
      refunds: [{ amount: 150050, currency: 'NGN', status: 'processed', reason: null }],
      events: [],
    })
    expect(mine.deliverables).toHaveLength(1)
    const staffView = await detail(staff.client, `/api/staff/orders/${session.order_id}`)
    expect(staffView).toMatchObject({
      refunded: 150050,
      refundable: 150050,
      refunds: [{ amount: 150050, status: 'processed', reason: 'one template was broken' }],
    })

    // One refund notice, to the buyer, naming the order by its products and the money.
    const mails = await refundMails(buyer.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toContain('Your order Brand Kit was refunded ₦1,500.50')
    expect(mail.text_body).toContain('We have refunded ₦1,500.50 for your order Brand Kit')
    expect(mail.text_body).toContain('₦1,500.50 of the ₦3,001.00 you paid')
    expect(mail.text_body).toContain(`/account/orders/${session.order_id}`)
    expect(mail.html_body).toContain('₦1,500.50')

    // The buyer's notification speaks to them and opens their order; staff's names Paystack.
    const [forBuyer] = (await orderNotes(buyer.client, session.order_id)).filter(
      (n) => n.action === 'updated',
    )
    expect(text(forBuyer!)).toBe('Your order Brand Kit was refunded ₦1,500.50')
    expect(forBuyer!.link).toBe(`/account/orders/${session.order_id}`)
    const [forStaff] = (await orderNotes(staff.client, session.order_id)).filter(
      (n) => n.action === 'updated',
    )
    expect(text(forStaff!)).toBe('Paystack refunded ₦1,500.50 of order Brand Kit')
    expect(forStaff!.link).toBe(`/staff/orders/${session.order_id}`)
  })

  it('the rest refunded: the order is refunded, the downloads close, the notice says so', async () => {
    const { buyer, session } = await paidOrder()
    const admin = await signedIn(s.t, { role: 'admin' })
    const refund = async (amount: number) => {
      await call(admin.client, 'POST', `/api/staff/orders/${session.order_id}/refunds`, { amount }, 202)
      await settled(s)
    }
    await refund(100000)
    await refund(200100)
    const mine = await detail(buyer.client, `/api/shop/orders/${session.order_id}`)
    expect(mine).toMatchObject({ status: 'refunded', refunded: 300100, deliverables: [] })
    expect(mine.refunds.map((r) => r.amount)).toEqual([100000, 200100])
    const mails = await refundMails(buyer.email)
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('refunded ₦1,000.00'),
      expect.stringContaining('refunded ₦2,001.00'),
    ])
    expect(mails[1]!.text_body).toContain('fully refunded')
    const texts = (await orderNotes(buyer.client, session.order_id))
      .filter((n) => n.action === 'updated')
      .map(text)
    expect(texts).toEqual([
      'Your order Brand Kit was refunded ₦2,001.00',
      'Your order Brand Kit was refunded ₦1,000.00',
    ])
  })

  it('a failed refund sends no notice; the buyer is told it failed and does not see it on the order', async () => {
    const { buyer, session } = await paidOrder(REFUND_FAILS_CARD)
    const staff = await signedIn(s.t, { role: 'staff', functions: ['AccessShop'] })
    await call(staff.client, 'POST', `/api/staff/orders/${session.order_id}/refunds`, {}, 202)
    await settled(s)
    const mine = await detail(buyer.client, `/api/shop/orders/${session.order_id}`)
    expect(mine).toMatchObject({ status: 'paid', refunded: 0, refunds: [] })
    expect(await refundMails(buyer.email)).toEqual([])
    const [note] = (await orderNotes(buyer.client, session.order_id)).filter((n) => n.action === 'updated')
    expect(text(note!)).toBe('The refund of ₦3,001.00 for your order Brand Kit failed')
    const staffView = await detail(staff.client, `/api/staff/orders/${session.order_id}`)
    expect(staffView.refunds).toEqual([expect.objectContaining({ status: 'failed', amount: 300100 })])
  })
})
