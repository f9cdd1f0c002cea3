import type { Kysely } from 'kysely'
import type { DB } from '../../src/server/db/schema'
import { newId } from '../../src/server/lib/ids'
import { seedProducts, seedUsers } from './seed'

// A busy shop and inbox for the dashboard benchmark: `orders` orders with two lines each, spread over
// the last 400 days, four in five paid, one in ten with a discount, one in fifty refunded; `entries`
// quotes and contacts over the same days, half of them answered. Inserted 500 rows per statement in
// one transaction per table.

const CHUNK = 500
const SPAN_MS = 400 * 86_400_000

async function chunked(
  db: Kysely<DB>,
  count: number,
  insert: (trx: Kysely<DB>, from: number, to: number) => Promise<unknown>,
) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += CHUNK) await insert(trx, i, Math.min(count, i + CHUNK))
  })
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k)

export async function seedDashboard(
  db: Kysely<DB>,
  sizes: { orders: number; entries: number; customers: number; products: number },
  now: Date,
) {
  await seedUsers(db, sizes.customers)
  await seedProducts(db, sizes.products)
  const users = (await db.selectFrom('users').select('id').where('role', '=', 'user').execute()).map(
    (u) => u.id,
  )
  const products = await db.selectFrom('products').select(['id', 'price']).execute()
  const when = (i: number, n: number) => new Date(now.getTime() - SPAN_MS + Math.floor((i * SPAN_MS) / n))
  const orderIds: string[] = []
  await chunked(db, sizes.orders, (trx, from, to) => {
    const rows = range(from, to).map((i) => {
      const created = when(i, sizes.orders)
      const paid = i % 5 !== 0
      const [a, b] = [products[i % products.length]!, products[(i * 7 + 3) % products.length]!]
      const discount = i % 10 === 0 ? 1000 : 0
      const id = newId(created.getTime())
      orderIds.push(id)
      return {
        id,
        trxref: `bench_${i}`,
        status: paid ? (i % 50 === 1 ? ('refunded' as const) : ('paid' as const)) : ('abandoned' as const),
        total: Number(a.price) + Number(b.price) - discount,
        currency: 'NGN',
        user_id: users[(i * 13) % users.length]!,
        createdAt: created.toISOString(),
        updatedAt: created.toISOString(),
        discount_total: discount,
        paid_at: paid ? new Date(created.getTime() + 120_000).toISOString() : null,
      }
    })
    return trx.insertInto('orders').values(rows).execute()
  })
  await chunked(db, sizes.orders, (trx, from, to) =>
    trx
      .insertInto('product_orders')
      .values(
        range(from, to).flatMap((i) =>
          [products[i % products.length]!, products[(i * 7 + 3) % products.length]!].map((p, k) => ({
            product_id: p.id,
            order_id: orderIds[i]!,
            quantity: 1,
            amount: Number(p.price),
            discount: i % 10 === 0 && k === 0 ? 1000 : 0,
            deliveryFileKey: null,
            deliveryFileName: null,
            deliveryFileType: null,
            deliveryFileSize: null,
            deliveryFileSha256: null,
            deliveryVersionId: null,
          })),
        ),
      )
      .execute(),
  )
  const refunded = range(0, sizes.orders).filter((i) => i % 50 === 1)
  await chunked(db, refunded.length, (trx, from, to) =>
    trx
      .insertInto('refunds')
      .values(
        refunded.slice(from, to).map((i) => {
          const at = new Date(when(i, sizes.orders).getTime() + 86_400_000).toISOString()
          return {
            id: newId(),
            order_id: orderIds[i]!,
            paystack_refund_id: null,
            amount: 5000,
            currency: 'NGN',
            status: 'processed' as const,
            reason: null,
            requested_by: null,
            createdAt: at,
            updatedAt: at,
            product_id: null,
          }
        }),
      )
      .execute(),
  )
  await seedEntries(db, sizes.entries, when)
}

async function seedEntries(db: Kysely<DB>, count: number, when: (i: number, n: number) => Date) {
  const half = Math.floor(count / 2)
  for (const table of ['quote_requests', 'contacts'] as const) {
    const ids: string[] = []
    await chunked(db, half, (trx, from, to) => {
      const rows = range(from, to).map((i) => {
        const at = when(i, half).toISOString()
        const id = newId()
        ids.push(id)
        const common = {
          id,
          first_name: 'Bench',
          last_name: `Sender ${i}`,
          email: `sender${i}@example.com`,
          message: 'Hello',
          status: i % 3 === 0 ? ('pending' as const) : ('resolved' as const),
          createdAt: at,
          updatedAt: at,
          resolvedAt: null,
          resolvedBy: null,
          assignedTo: null,
          assignedAt: null,
          reply_token: null,
        }
        return common
      })
      return table === 'quote_requests'
        ? trx
            .insertInto('quote_requests')
            .values(
              rows.map((r) => ({ ...r, business_name: null, industry: null, phone: null, service: null })),
            )
            .execute()
        : trx
            .insertInto('contacts')
            .values(rows.map((r) => ({ ...r, subject: 'Hi', flag: null })))
            .execute()
    })
    await chunked(db, half, (trx, from, to) => {
      const answered = range(from, to).filter((i) => i % 2 === 0)
      if (answered.length === 0) return Promise.resolve()
      return trx
        .insertInto('inbox_messages')
        .values(
          answered.map((i) => ({
            id: newId(),
            quote_id: table === 'quote_requests' ? ids[i]! : null,
            contact_id: table === 'contacts' ? ids[i]! : null,
            kind: 'reply' as const,
            body: 'Thanks',
            author_id: null,
            author_name: 'Staff',
            mail_id: null,
            created_at: new Date(when(i, half).getTime() + (i % 48) * 1_800_000).toISOString(),
            quoted: null,
            html: null,
            from_address: null,
            rfc_message_id: null,
          })),
        )
        .execute()
    })
  }
}
