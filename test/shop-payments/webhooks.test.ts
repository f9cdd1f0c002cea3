import { createHmac } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { reconcilePendingOrders } from '../../src/server/features/shop/payments/reconciliation'
import { signedIn } from '../support/people'
import {
  checkout,
  fulfilments,
  orderOf,
  product,
  SECRET,
  type ShopTest,
  SUCCESS_CARD,
  settled,
  shopApp,
  verify,
} from './helpers'

// The webhook and the reconciliation job: signatures over the raw bytes, replays and
// duplicates, 20 concurrent reports giving one fulfilment, and the job paying and abandoning.

let s: ShopTest
beforeAll(async () => {
  s = await shopApp()
})
beforeEach(() => s.paystack.emulator.reset())

const sign = (body: string, key = SECRET) => createHmac('sha512', key).update(body, 'utf8').digest('hex')

async function paidOrderPending() {
  const { client, ...user } = await signedIn(s.t)
  const p = await product(s.t, { price: 4200 })
  const session = await checkout(client, [{ product_id: p.id, quantity: 1 }])
  s.paystack.emulator.controls.hold = true
  s.paystack.emulator.pay(session.access_code, SUCCESS_CARD)
  return { client, user, session }
}

function chargeBody(reference: string, amount: number) {
  return {
    event: 'charge.success',
    data: {
      id: 77,
      status: 'success',
      reference,
      amount,
      currency: 'NGN',
      paid_at: '2026-01-01T00:00:00.000Z',
      customer: { email: 'x@example.com' },
      url: 'https://example.com/a/b',
    },
  }
}

function postWebhook(body: string, signature?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (signature !== undefined) headers['x-paystack-signature'] = signature
  return fetch(`${s.appUrl}/api/payments/paystack/webhook`, { method: 'POST', headers, body })
}

describe('the webhook', () => {
  it('gets 401 and changes nothing for a bad or missing signature', async () => {
    const { session } = await paidOrderPending()
    const body = JSON.stringify(chargeBody(session.reference, 4200))
    expect((await postWebhook(body)).status).toBe(401)
    expect((await postWebhook(body, sign(body, 'sk_test_wrong'))).status).toBe(401)
    expect((await postWebhook(body, 'not-hex')).status).toBe(401)
    expect((await postWebhook(`${body} `, sign(body))).status).toBe(401)
    // The emulator's badly signed deliveries are refused too (and retried, in vain).
    s.paystack.emulator.controls.badSignature = true
    s.paystack.emulator.webhooks.release()
    await settled(s)
    expect((await orderOf(s.t, session.order_id)).status).toBe('pending')
    const events = await s.t.database.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', session.order_id)
      .execute()
    expect(events.map((e) => e.cause)).toEqual(['checkout'])
  })

  it('verifies the raw bytes: extra whitespace and escaped slashes still verify', async () => {
    const { session } = await paidOrderPending()
    const compact = JSON.stringify(chargeBody(session.reference, 4200))
    const spaced = `{\n  "event" : "charge.success",\n  "data": ${compact.slice(compact.indexOf('"data":') + 7, -1).replace('"https://example.com/a/b"', '"https:\\/\\/example.com\\/a\\/b"')}   \n}\n`
    expect(spaced).toContain('\\/')
    const res = await postWebhook(spaced, sign(spaced))
    expect(res.status).toBe(200)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
  })

  it('processes a replayed webhook once, and duplicated, delayed, reordered deliveries once', async () => {
    const { session } = await paidOrderPending()
    const body = JSON.stringify(chargeBody(session.reference, 4200))
    for (let i = 0; i < 3; i++) expect((await postWebhook(body, sign(body))).status).toBe(200)
    Object.assign(s.paystack.emulator.controls, { duplicates: 3, delayMs: 30, hold: false })
    s.paystack.emulator.webhooks.release('newest-first')
    await settled(s)
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
    const status = await s.t.database.db
      .selectFrom('order_events')
      .select('to_status')
      .where('order_id', '=', session.order_id)
      .where('kind', '=', 'status')
      .execute()
    expect(status.map((e) => e.to_status)).toEqual(['pending', 'paid'])
  })

  it('ignores events for references it does not know, and events it does not handle', async () => {
    const unknown = JSON.stringify(chargeBody('dep_nobody', 100))
    expect((await postWebhook(unknown, sign(unknown))).status).toBe(200)
    const other = JSON.stringify({ event: 'transfer.success', data: {} })
    expect((await postWebhook(other, sign(other))).status).toBe(200)
  })

  it('20 concurrent verify and webhook calls give exactly one fulfilment', async () => {
    const { client, session } = await paidOrderPending()
    const body = JSON.stringify(chargeBody(session.reference, 4200))
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? verify(client, session.reference) : postWebhook(body, sign(body)),
    )
    const results = await Promise.all(calls)
    expect(results.map((r) => r.status).every((status) => status === 200)).toBe(true)
    expect((await orderOf(s.t, session.order_id)).status).toBe('paid')
    expect(await fulfilments(s.t, session.order_id, session.reference)).toEqual({
      mails: 1,
      notifications: 1,
    })
    // The receipt really goes out once (a sent mail's body is cleared, so it is found before sending).
    const receipts = await s.t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('template', '=', 'order-receipt')
      .where('text_body', 'like', `%${session.reference}%`)
      .execute()
    await s.t.mail.drainOnce()
    const sent = await s.t.database.db
      .selectFrom('mail_outbox')
      .select('status')
      .where(
        'id',
        'in',
        receipts.map((r) => r.id),
      )
      .execute()
    expect(sent).toEqual([{ status: 'sent' }])
  })
})

describe('reconciliation', () => {
  it('pays stale pending orders Paystack saw paid, abandons old unpaid ones, and retries after an outage', async () => {
    const { client } = await signedIn(s.t)
    const p = await product(s.t, { price: 999 })
    const paid = await checkout(client, [{ product_id: p.id, quantity: 1 }])
    s.paystack.emulator.controls.drop = true // the webhook is lost
    s.paystack.emulator.pay(paid.access_code, SUCCESS_CARD)
    const unpaid = await checkout(client, [{ product_id: p.id, quantity: 2 }])
    const fresh = () => checkout(client, [{ product_id: p.id, quantity: 3 }])

    // Too fresh: the buyer may still be paying. (Other tests of this file leave pending orders too.)
    const deps = s.t.deps
    await reconcilePendingOrders(deps)
    expect((await orderOf(s.t, paid.order_id)).status).toBe('pending')

    // An outage: nothing changes, nothing is abandoned, the next run retries.
    s.t.clock.advance(2 * 24 * 60 * 60 * 1000)
    const recent = await fresh()
    s.paystack.emulator.controls.outage = true
    expect(await reconcilePendingOrders(deps)).toMatchObject({ paid: 0, abandoned: 0 })
    expect((await orderOf(s.t, paid.order_id)).status).toBe('pending')
    expect((await orderOf(s.t, unpaid.order_id)).status).toBe('pending')

    s.paystack.emulator.controls.outage = false
    expect(await reconcilePendingOrders(deps)).toMatchObject({ unavailable: 0 })
    expect((await orderOf(s.t, paid.order_id)).status).toBe('paid')
    expect((await orderOf(s.t, unpaid.order_id)).status).toBe('abandoned')
    expect((await orderOf(s.t, recent.order_id)).status).toBe('pending')
    expect(await fulfilments(s.t, paid.order_id, paid.reference)).toEqual({ mails: 1, notifications: 1 })

    // Running again changes nothing; a late success on the abandoned order still pays it, once.
    expect(await reconcilePendingOrders(deps)).toMatchObject({ paid: 0, abandoned: 0 })
    s.paystack.emulator.controls.drop = false
    s.paystack.emulator.pay(unpaid.access_code, SUCCESS_CARD)
    await settled(s)
    expect((await orderOf(s.t, unpaid.order_id)).status).toBe('paid')
    expect(await fulfilments(s.t, unpaid.order_id, unpaid.reference)).toEqual({ mails: 1, notifications: 1 })
  })
})
