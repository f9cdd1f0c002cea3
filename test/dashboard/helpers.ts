import type { Kysely } from 'kysely'
import type { DB } from '../../src/server/db/schema'
import { SITE_IDENTITY_SETTING } from '../../src/server/features/site/site-identity.service'
import { newId } from '../../src/server/lib/ids'
import { writeSetting } from '../../src/server/lib/settings/settings'
import { insertOrder, insertOrderLine, insertProduct } from '../support/factories'
import { insertUser } from '../support/people'
import type { TestApp } from '../support/test-app'

// The dashboard suites: the business's time zone, and rows inserted straight into the tables at chosen
// instants (checkout is not what these suites test; dashboard-checkout.test.ts goes through it).

/** The business's identity with `timeZone`, as an admin would save it. */
export async function businessIn(t: TestApp, timeZone: string) {
  await writeSetting(
    t.database.db,
    SITE_IDENTITY_SETTING,
    {
      name: 'Depot Test Shop',
      description: 'Tests',
      address: '1 Test Street',
      supportEmail: null,
      accentColor: '#4338ca',
      taxNumber: '',
      vatPercent: null,
      timeZone,
    },
    { now: t.clock.now, by: null },
  )
}

export const iso = (at: string) => new Date(at).toISOString()

export interface SaleOptions {
  /** When the order was paid (and, unless `createdAt` says otherwise, created). */
  paidAt: string
  createdAt?: string
  lines: { product: { id: string; price: number }; quantity?: number; discount?: number }[]
  status?: 'paid' | 'refund_pending' | 'refunded'
  userId: string
}

/** A paid order with its lines: the total is the lines after their discounts. */
export async function sale(db: Kysely<DB>, o: SaleOptions) {
  const discount = o.lines.reduce((sum, l) => sum + (l.discount ?? 0), 0)
  const gross = o.lines.reduce((sum, l) => sum + l.product.price * (l.quantity ?? 1), 0)
  const order = await insertOrder(db, o.userId, {
    status: o.status ?? 'paid',
    total: gross - discount,
    discount_total: discount,
    createdAt: iso(o.createdAt ?? o.paidAt),
    updatedAt: iso(o.paidAt),
    paid_at: iso(o.paidAt),
  })
  for (const line of o.lines) {
    await insertOrderLine(db, order.id, line.product, line.quantity ?? 1)
    if (line.discount)
      await db
        .updateTable('product_orders')
        .set({ discount: line.discount })
        .where('order_id', '=', order.id)
        .where('product_id', '=', line.product.id)
        .execute()
  }
  return order
}

/** An order that was created and never paid. */
export function unpaid(
  db: Kysely<DB>,
  userId: string,
  createdAt: string,
  status: 'pending' | 'failed' | 'abandoned',
) {
  return insertOrder(db, userId, {
    status,
    total: 1000,
    createdAt: iso(createdAt),
    updatedAt: iso(createdAt),
  })
}

/** A processed refund of `amount`, settled at `at`. */
export async function refund(
  db: Kysely<DB>,
  orderId: string,
  amount: number,
  at: string,
  status = 'processed',
) {
  await db
    .insertInto('refunds')
    .values({
      id: newId(),
      order_id: orderId,
      paystack_refund_id: null,
      amount,
      currency: 'NGN',
      status: status as 'processed',
      reason: null,
      requested_by: null,
      createdAt: iso(at),
      updatedAt: iso(at),
      product_id: null,
    })
    .execute()
}

export async function customer(db: Kysely<DB>, name = 'Ada Lovelace') {
  return insertUser(db, { name, role: 'user' })
}

export function aProduct(db: Kysely<DB>, name: string, price: number) {
  return insertProduct(db, { name, price, product_url: 'https://example.com/x' })
}

/** A quote request or contact message that arrived at `at`, and its staff replies at `replies`. */
export async function entry(
  db: Kysely<DB>,
  kind: 'quote' | 'contact',
  at: string,
  o: { replies?: string[]; notes?: string[]; status?: 'pending' | 'resolved' } = {},
) {
  const id = newId()
  const common = {
    id,
    first_name: 'Bola',
    last_name: 'Ade',
    email: 'bola@example.com',
    message: 'Hello',
    status: o.status ?? 'pending',
    createdAt: iso(at),
    updatedAt: iso(at),
    resolvedAt: null,
    resolvedBy: null,
    assignedTo: null,
    assignedAt: null,
    reply_token: null,
  }
  if (kind === 'quote')
    await db
      .insertInto('quote_requests')
      .values({ ...common, business_name: null, industry: null, phone: null, service: null })
      .execute()
  else
    await db
      .insertInto('contacts')
      .values({ ...common, subject: 'Hi', flag: null })
      .execute()
  const messages = [
    ...(o.replies ?? []).map((when) => ({ when, kind: 'reply' as const })),
    ...(o.notes ?? []).map((when) => ({ when, kind: 'note' as const })),
  ]
  for (const m of messages)
    await db
      .insertInto('inbox_messages')
      .values({
        id: newId(),
        quote_id: kind === 'quote' ? id : null,
        contact_id: kind === 'contact' ? id : null,
        kind: m.kind,
        body: 'Thanks',
        author_id: null,
        author_name: 'Staff',
        mail_id: null,
        created_at: iso(m.when),
        quoted: null,
        html: null,
        from_address: null,
        rfc_message_id: null,
      })
      .execute()
  return id
}
