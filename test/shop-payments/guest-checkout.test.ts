import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CookieClient } from '../support/http-client'
import { signedIn } from '../support/people'
import { call, offContract } from '../support/typed-client'
import { orderOf, payWithForm, product, type ShopTest, SUCCESS_CARD, settled, shopApp } from './helpers'

// Buying without an account (docs/decisions/0140): one screen with an e-mail address and the card.
// The order belongs to that address's account, the receipt's link claims a new one, and the page after
// paying shows only the order this browser paid for.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})
beforeEach(() => s.paystack.emulator.reset())

let counter = 0
const uniqueEmail = () => `guest${++counter}.${Date.now()}@example.com`

async function guestBuys(email: string, price = 4200, client = new CookieClient(s.t.app)) {
  const item = await product(s.t, { price })
  const session = await call(client, 'POST', '/api/shop/guest-checkout', {
    email,
    items: [{ product_id: item.id, quantity: 1 }],
  })
  const paid = await payWithForm(s, session, SUCCESS_CARD)
  expect(paid.status).toBe(303)
  const verified = await call(client, 'POST', '/api/shop/guest-orders/verify', {
    reference: session.reference,
  })
  return { client, session, verified, item }
}

async function receiptTo(email: string) {
  const mail = await s.t.database.db
    .selectFrom('mail_outbox')
    .select(['text_body'])
    .where('template', '=', 'order-receipt')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!mail) throw new Error(`no receipt for ${email}`)
  return mail.text_body
}

const claimLinkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+\/claim-account\?token=([A-Za-z0-9_-]+)&callbackUrl=(\S+)/)
  return match ? { token: match[1]!, callbackUrl: decodeURIComponent(match[2]!) } : undefined
}

describe('the guest checkout', () => {
  it('sells to an e-mail address: prices from the server, a pending account owns the order, the page shows it paid', async () => {
    const email = uniqueEmail()
    const { session, verified, item } = await guestBuys(email, 4200)
    expect(session).toMatchObject({ total: 4200, currency: 'NGN', emulated: true })
    expect(s.paystack.emulator.transaction(session.reference)).toMatchObject({
      amount: 4200,
      customer: expect.objectContaining({ email }),
    })
    expect(verified.order).toMatchObject({ id: session.order_id, status: 'paid', email, total: 4200 })
    expect(verified.order.lines).toEqual([expect.objectContaining({ product_id: item.id, quantity: 1 })])

    const order = await orderOf(s.t, session.order_id)
    const owner = await s.t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow()
    expect(owner).toMatchObject({ email, password: null, emailVerified: null, role: 'user' })
  })

  it('answers with a clear message for a missing or invalid address', async () => {
    const item = await product(s.t, { price: 1000 })
    const items = [{ product_id: item.id, quantity: 1 }]
    const bad = await call(s.t, 'POST', '/api/shop/guest-checkout', { email: 'not-an-address', items }, 422)
    expect(bad.errors?.email).toEqual(['Enter a valid e-mail address'])
  })

  it('ignores a price the browser sends: the server prices the cart', async () => {
    const item = await product(s.t, { price: 9900 })
    const session = await call(
      new CookieClient(s.t.app),
      'POST',
      '/api/shop/guest-checkout',
      offContract({
        email: uniqueEmail(),
        items: [{ product_id: item.id, quantity: 2, amount: 1 }],
        total: 1,
      }),
      201,
    )
    expect(session.total).toBe(19800)
  })

  it('mails a receipt whose link claims the account, confirms the address, signs in and opens the order', async () => {
    const email = uniqueEmail()
    const { session } = await guestBuys(email)
    await settled(s)
    const link = claimLinkIn(await receiptTo(email))
    expect(link?.callbackUrl).toBe(`/account/orders/${session.order_id}`)

    const browser = new CookieClient(s.t.app)
    const claimed = await call(browser, 'POST', '/api/accounts/claim', {
      token: link!.token,
      first_name: 'Grace',
      last_name: 'Hopper',
      password: 'a long and private phrase',
    })
    expect(claimed).toEqual({ status: 'claimed', email, signed_in: true })
    const order = await call(browser, 'GET', `/api/shop/orders/${session.order_id}`)
    expect(order).toMatchObject({ id: session.order_id, status: 'paid', buyer_name: 'Grace Hopper' })
    expect(order.deliverables).toHaveLength(1)
    // The link works once; the password signs in from now on.
    const again = await call(
      s.t,
      'POST',
      '/api/accounts/claim',
      {
        token: link!.token,
        first_name: 'Eve',
        last_name: 'Mallory',
        password: 'another long phrase here',
      },
      400,
    )
    expect(again.code).toBe('invalid_token')
    const later = new CookieClient(s.t.app)
    await later.signIn(email, 'a long and private phrase')
    expect(await call(later, 'GET', '/api/me')).toMatchObject({ email, name: 'Grace Hopper' })
  })

  it('attaches the order to an existing account without showing that account’s orders', async () => {
    const owner = await signedIn(s.t)
    const earlier = await product(s.t, { name: 'Earlier purchase', price: 5000 })
    const mine = await call(owner.client, 'POST', '/api/shop/checkout', {
      items: [{ product_id: earlier.id, quantity: 1 }],
    })
    await payWithForm(s, mine, SUCCESS_CARD)
    await call(owner.client, 'POST', '/api/shop/orders/verify', { reference: mine.reference })

    // Someone types the owner's address: the answer has the same shape as for a new address.
    const stranger = new CookieClient(s.t.app)
    const { session, verified } = await guestBuys(owner.email, 4200, stranger)
    expect(Object.keys(session).sort()).toEqual(Object.keys((await guestBuys(uniqueEmail())).session).sort())
    expect(verified.order.id).toBe(session.order_id)
    expect((await orderOf(s.t, session.order_id)).user_id).toBe(owner.id)
    // The owner's earlier order stays out of reach: by reference, by id, and in "my orders".
    const probe = await call(
      stranger,
      'POST',
      '/api/shop/guest-orders/verify',
      { reference: mine.reference },
      404,
    )
    expect(probe.code).toBe('not_found')
    await call(stranger, 'GET', `/api/shop/orders/${mine.order_id}`, undefined, 401)
    // No account is made or changed, and the receipt has no claim link for a confirmed account.
    await settled(s)
    expect(claimLinkIn(await receiptTo(owner.email))).toBeUndefined()
    const list = await call(owner.client, 'GET', '/api/shop/orders?sort=createdAt&order=desc')
    expect(list.items.map((o) => o.id)).toEqual(expect.arrayContaining([session.order_id, mine.order_id]))
  })

  it('never resumes an unpaid order of the address that another browser started', async () => {
    const email = uniqueEmail()
    const item = await product(s.t, { price: 3000 })
    const items = [{ product_id: item.id, quantity: 1 }]
    const first = new CookieClient(s.t.app)
    const a = await call(first, 'POST', '/api/shop/guest-checkout', { email, items })
    // The same browser pressing Pay again resumes its own order.
    expect((await call(first, 'POST', '/api/shop/guest-checkout', { email, items })).order_id).toBe(
      a.order_id,
    )
    const other = new CookieClient(s.t.app)
    const b = await call(other, 'POST', '/api/shop/guest-checkout', { email, items })
    expect(b.order_id).not.toBe(a.order_id)
    await call(other, 'POST', '/api/shop/guest-orders/verify', { reference: a.reference }, 404)
    // A tampered cookie names nothing.
    const forged = new CookieClient(s.t.app)
    const res = await forged.request('/api/shop/guest-orders/verify', {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:3000',
        'Content-Type': 'application/json',
        Cookie: `depot_guest_orders=${Buffer.from(JSON.stringify({ o: [a.order_id] })).toString('base64url')}.${'A'.repeat(43)}`,
      },
      body: JSON.stringify({ reference: a.reference }),
    })
    expect(res.status).toBe(404)
  })

  it('limits checkouts per address like the other public forms', async () => {
    const email = uniqueEmail()
    const item = await product(s.t, { price: 1000 })
    const items = [{ product_id: item.id, quantity: 1 }]
    for (let i = 0; i < 10; i++)
      await call(new CookieClient(s.t.app), 'POST', '/api/shop/guest-checkout', { email, items })
    const limited = await call(
      new CookieClient(s.t.app),
      'POST',
      '/api/shop/guest-checkout',
      { email, items },
      429,
    )
    expect(limited.detail).toContain('Too many checkouts')
  })
})
