import type { Kysely } from 'kysely'
import { Migrator } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/db/migrations'
import { migrateToLatest } from '../../src/server/db/migrator'
import type { DB } from '../../src/server/db/schema'
import type { TimeSpan } from '../../src/server/features/dashboard/bucket-calendar'
import { medianFirstReplySeconds } from '../../src/server/features/dashboard/dashboard-inbox.repository'
import {
  ordersByStatus,
  revenueSeries,
  salesFigures,
  topProducts,
} from '../../src/server/features/dashboard/dashboard-shop.repository'
import { newId } from '../../src/server/lib/ids'
import { ORDER_STATUSES } from '../../src/shared/enums'
import { insertOrder, insertOrderLine } from '../support/factories'
import { createTestApp } from '../support/test-app'
import { aProduct, customer, entry } from './helpers'

// The dashboard's day totals (migration 0053, docs/decisions/0144) against the rows they follow: a
// year of orders made, paid, refunded, edited and deleted straight in the tables, then every shop
// figure for spans that start and end on UTC midnights, in zones half an hour off UTC, inside one
// day and across one midnight, compared with the same figures computed here from the rows. Runs on
// SQLite and PostgreSQL. A second test fills the totals from rows that were there before the migration.

const MIGRATION = '0053-dashboard-day-totals'
const DAY = 86_400_000
const BASE = Date.parse('2025-06-01T00:00:00Z')

function randomFrom(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const at = (ms: number) => new Date(ms).toISOString()

/** A year of orders in every state, each written as the application writes it: inserted, then updated. */
async function history(db: Kysely<DB>, seed: number, count: number) {
  const random = randomFrom(seed)
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const products = [
    await aProduct(db, 'Atlas', 1000),
    await aProduct(db, 'Brief', 2500),
    await aProduct(db, 'Cards', 500),
    await aProduct(db, 'Deck', 4200),
  ]
  const buyers = [
    await customer(db),
    await customer(db),
    await customer(db),
    await customer(db),
    await customer(db),
  ]
  const orders: { id: string; paid: boolean }[] = []
  for (let n = 0; n < count; n++) {
    const created = BASE + Math.floor(random() * 400 * DAY)
    const order = await insertOrder(db, pick(buyers).id, { createdAt: at(created), updatedAt: at(created) })
    const lines = [...new Set([pick(products), pick(products)])]
    let total = 0
    let discount = 0
    for (const product of lines) {
      const quantity = 1 + Math.floor(random() * 3)
      await insertOrderLine(db, order.id, product, quantity)
      const off = random() < 0.3 ? 100 : 0
      if (off)
        await db
          .updateTable('product_orders')
          .set({ discount: off })
          .where('order_id', '=', order.id)
          .where('product_id', '=', product.id)
          .execute()
      total += product.price * quantity - off
      discount += off
    }
    await db
      .updateTable('orders')
      .set({ total, discount_total: discount })
      .where('id', '=', order.id)
      .execute()
    const fate = random()
    if (fate < 0.6) {
      const paidAt = at(created + Math.floor(random() * 3 * DAY))
      await db
        .updateTable('orders')
        .set({ status: 'paid', paid_at: paidAt, updatedAt: paidAt })
        .where('id', '=', order.id)
        .execute()
      orders.push({ id: order.id, paid: true })
      if (random() < 0.2)
        await refundOf(db, order.id, Date.parse(paidAt) + Math.floor(random() * 20 * DAY), random() < 0.7)
    } else {
      await db
        .updateTable('orders')
        .set({ status: pick(['pending', 'failed', 'abandoned'] as const) })
        .where('id', '=', order.id)
        .execute()
      orders.push({ id: order.id, paid: false })
    }
  }
  for (let n = 0; n < count / 2; n++) {
    const arrived = BASE + Math.floor(random() * 400 * DAY)
    const later = () => at(arrived + Math.floor(random() * 5 * DAY))
    const replies = random() < 0.7 ? [later(), later()] : []
    await entry(db, random() < 0.5 ? 'quote' : 'contact', at(arrived), { replies, notes: [later()] })
  }
  return { products, orders }
}

async function refundOf(db: Kysely<DB>, orderId: string, settled: number, processed: boolean) {
  const id = newId()
  await db
    .insertInto('refunds')
    .values({
      id,
      order_id: orderId,
      paystack_refund_id: null,
      amount: 300,
      currency: 'NGN',
      status: 'pending',
      reason: null,
      requested_by: null,
      createdAt: at(settled - DAY),
      updatedAt: at(settled - DAY),
      product_id: null,
    })
    .execute()
  if (processed)
    await db
      .updateTable('refunds')
      .set({ status: 'processed', updatedAt: at(settled) })
      .where('id', '=', id)
      .execute()
  await db.updateTable('orders').set({ status: 'refund_pending' }).where('id', '=', orderId).execute()
}

/** Edits that move totals between days and take them away: every trigger's update and delete. */
async function edits(db: Kysely<DB>, orders: { id: string; paid: boolean }[]) {
  const refunded = new Set(
    (await db.selectFrom('refunds').select('order_id').execute()).map((r) => r.order_id),
  )
  const paid = orders.filter((o) => o.paid && !refunded.has(o.id))
  const unpaid = orders.filter((o) => !o.paid)
  // Paid a month later than first recorded (its lines move with it), and one paid order taken back.
  const moved = await db
    .selectFrom('orders')
    .select('paid_at')
    .where('id', '=', paid[0]!.id)
    .executeTakeFirstOrThrow()
  await db
    .updateTable('orders')
    .set({ paid_at: at(new Date(moved.paid_at!).getTime() + 31 * DAY) })
    .where('id', '=', paid[0]!.id)
    .execute()
  await db
    .updateTable('orders')
    .set({ paid_at: null, status: 'failed' })
    .where('id', '=', paid[1]!.id)
    .execute()
  // A line's quantity changed, and a line removed, on paid orders.
  await db.updateTable('product_orders').set({ quantity: 7 }).where('order_id', '=', paid[2]!.id).execute()
  const line = await db
    .selectFrom('product_orders')
    .select('product_id')
    .where('order_id', '=', paid[3]!.id)
    .executeTakeFirstOrThrow()
  await db
    .deleteFrom('product_orders')
    .where('order_id', '=', paid[3]!.id)
    .where('product_id', '=', line.product_id)
    .execute()
  // A refund no longer processed; orders deleted with their lines (one paid, one not).
  const refund = await db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'processed')
    .executeTakeFirst()
  if (refund) await db.updateTable('refunds').set({ status: 'failed' }).where('id', '=', refund.id).execute()
  for (const gone of [paid[4]!, unpaid[0]!]) await db.deleteFrom('orders').where('id', '=', gone.id).execute()
  // A first reply taken back, a reply turned into a note, an entry deleted with its messages.
  const replies = await db
    .selectFrom('inbox_messages')
    .selectAll()
    .where('kind', '=', 'reply')
    .orderBy('id')
    .limit(3)
    .execute()
  await db.deleteFrom('inbox_messages').where('id', '=', replies[0]!.id).execute()
  await db.updateTable('inbox_messages').set({ kind: 'note' }).where('id', '=', replies[1]!.id).execute()
  if (replies[2]!.quote_id)
    await db.deleteFrom('quote_requests').where('id', '=', replies[2]!.quote_id).execute()
  else await db.deleteFrom('contacts').where('id', '=', replies[2]!.contact_id!).execute()
}

/** The median seconds from arrival to first reply over the entries that arrived in `span`. */
async function medianFromRows(db: Kysely<DB>, span: TimeSpan): Promise<number | null> {
  const ms = (v: unknown) => new Date(v as string).getTime()
  const messages = await db.selectFrom('inbox_messages').selectAll().where('kind', '=', 'reply').execute()
  const seconds: number[] = []
  for (const table of ['quote_requests', 'contacts'] as const)
    for (const e of await db.selectFrom(table).select(['id', 'createdAt']).execute()) {
      const first = Math.min(
        ...messages.filter((m) => m.quote_id === e.id || m.contact_id === e.id).map((m) => ms(m.created_at)),
      )
      const arrived = ms(e.createdAt)
      if (first !== Infinity && arrived >= span.start.getTime() && arrived < span.end.getTime())
        seconds.push(Math.round((first - arrived) / 1000))
    }
  seconds.sort((a, b) => a - b)
  if (seconds.length === 0) return null
  const n = seconds.length
  return (seconds[Math.floor((n + 1) / 2) - 1]! + seconds[Math.floor((n + 2) / 2) - 1]!) / 2
}

/** Every shop figure of `span` and of `buckets`, computed from the rows. */
async function fromRows(db: Kysely<DB>, span: TimeSpan, buckets: readonly TimeSpan[]) {
  const ms = (v: unknown) => new Date(v as string).getTime()
  const within = (v: unknown, s: TimeSpan) =>
    v != null && ms(v) >= s.start.getTime() && ms(v) < s.end.getTime()
  const orders = await db.selectFrom('orders').selectAll().execute()
  const lines = await db.selectFrom('product_orders').selectAll().execute()
  const refunds = await db.selectFrom('refunds').selectAll().execute()
  const products = new Map(
    (await db.selectFrom('products').select(['id', 'name']).execute()).map((p) => [p.id, p.name]),
  )
  const paidIn = (s: TimeSpan) => orders.filter((o) => within(o.paid_at, s))
  const firstPaid = new Map<string, number>()
  for (const o of orders)
    if (o.paid_at != null)
      firstPaid.set(o.user_id, Math.min(firstPaid.get(o.user_id) ?? Infinity, ms(o.paid_at)))
  const created = orders.filter((o) => within(o.createdAt, span))
  const sales = new Map<string, { revenue: number; quantity: number }>()
  const paidIds = new Set(paidIn(span).map((o) => o.id))
  for (const l of lines.filter((l) => paidIds.has(l.order_id))) {
    const s = sales.get(l.product_id) ?? { revenue: 0, quantity: 0 }
    sales.set(l.product_id, {
      revenue: s.revenue + l.amount * l.quantity - l.discount,
      quantity: s.quantity + l.quantity,
    })
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + Number(b), 0)
  return {
    figures: {
      paidOrders: paidIn(span).length,
      revenue: sum(paidIn(span).map((o) => o.total)),
      discounts: sum(paidIn(span).map((o) => o.discount_total)),
      newCustomers: [...firstPaid.values()].filter((first) => within(at(first), span)).length,
      refunds: sum(
        refunds.filter((r) => r.status === 'processed' && within(r.updatedAt, span)).map((r) => r.amount),
      ),
      checkoutsStarted: created.length,
      checkoutsPaid: created.filter((o) => o.paid_at != null).length,
    },
    top: [...sales.entries()]
      .map(([productId, s]) => ({ productId, name: products.get(productId)!, ...s }))
      .sort((a, b) => b.revenue - a.revenue || (a.productId < b.productId ? -1 : 1))
      .slice(0, 10),
    statuses: ORDER_STATUSES.map((status) => ({
      status,
      count: created.filter((o) => o.status === status).length,
    })),
    series: buckets.map((b, i) => ({
      bucket: `b${i}`,
      revenue: sum(paidIn(b).map((o) => o.total)),
      orders: paidIn(b).length,
    })),
  }
}

const span = (start: string, end: string): TimeSpan => ({ start: new Date(start), end: new Date(end) })

/** Month buckets of a zone `offsetHours` off UTC, from 2025-07 for `months`. */
function months(offsetHours: number, count: number): TimeSpan[] {
  return Array.from({ length: count }, (_, i) => ({
    start: new Date(Date.UTC(2025, 6 + i, 1) - offsetHours * 3_600_000),
    end: new Date(Date.UTC(2025, 7 + i, 1) - offsetHours * 3_600_000),
  }))
}

const SPANS: [string, TimeSpan, TimeSpan[]][] = [
  ['a year on UTC midnights', span('2025-07-01T00:00Z', '2026-07-01T00:00Z'), months(0, 12)],
  ['a year in Kolkata (UTC+5:30)', span('2025-06-30T18:30Z', '2026-06-30T18:30Z'), months(5.5, 12)],
  ['a quarter in New York (UTC−5)', span('2025-10-01T05:00Z', '2026-01-01T05:00Z'), months(-5, 6)],
  [
    'hours inside one day',
    span('2026-01-10T03:15Z', '2026-01-10T17:45Z'),
    [span('2026-01-10T03:15Z', '2026-01-10T09:00Z')],
  ],
  [
    'across one midnight',
    span('2026-02-01T20:00Z', '2026-02-02T04:00Z'),
    [span('2026-02-01T20:00Z', '2026-02-03T20:00Z')],
  ],
  ['all of it', span('2025-01-01T00:00Z', '2027-01-01T00:00Z'), months(-3.75, 14)],
]

async function expectFiguresFromRows(db: Kysely<DB>) {
  for (const [name, s, buckets] of SPANS) {
    const expected = await fromRows(db, s, buckets)
    expect({ name, figures: await salesFigures(db, s) }).toEqual({ name, figures: expected.figures })
    expect({ name, top: await topProducts(db, s) }).toEqual({ name, top: expected.top })
    expect({ name, statuses: await ordersByStatus(db, s) }).toEqual({ name, statuses: expected.statuses })
    const series = (await revenueSeries(
      db,
      buckets.map((b, i) => ({ ...b, key: `b${i}` })),
    )) as unknown
    expect({ name, series }).toEqual({ name, series: expected.series })
    expect({ name, median: await medianFirstReplySeconds(db, s) }).toEqual({
      name,
      median: await medianFromRows(db, s),
    })
  }
}

describe('the dashboard’s day totals', () => {
  it('agree with the rows through payments, refunds, edits and deletes, for any span', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const { orders } = await history(db, 7, 160)
    await expectFiguresFromRows(db)
    await edits(db, orders)
    await expectFiguresFromRows(db)
  })

  it('are filled from the orders already there when the migration runs, and kept from then on', async () => {
    const t = await createTestApp({ migrate: false })
    const names = Object.keys(migrations)
    const before = names[names.indexOf(MIGRATION) - 1]!
    const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } })
    expect((await migrator.migrateTo(before)).error).toBeUndefined()
    const db = t.database.db
    const { orders } = await history(db, 11, 80)
    await migrateToLatest(t.database)
    expect(
      Number(
        (
          await db
            .selectFrom('sales_days')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0)
    await expectFiguresFromRows(db)
    await edits(db, orders)
    await expectFiguresFromRows(db)
  })
})
