import { newId } from '../../src/server/lib/ids'
import type { BulkWriter, Row } from './bulk-insert'
import { BASE_MS, type LargeSizes, pad7, SPAN_MS, stamp } from './seed-large-sizes'

// The scale benchmark's inbox and shop (seed-large.ts): quote requests, contacts and e-book addresses;
// products, orders and their lines, bought by the customers `userIds`.

export async function seedInboxAndShop(
  writer: BulkWriter,
  sizes: LargeSizes,
  userIds: readonly string[],
  timed: (what: string, work: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  // Inbox entries.
  await timed('quotes', () =>
    writer.insert(
      'quote_requests',
      [
        'id',
        'first_name',
        'last_name',
        'business_name',
        'industry',
        'email',
        'phone',
        'service',
        'message',
        'status',
        'createdAt',
        'updatedAt',
      ],
      (function* (): Generator<Row> {
        for (let i = 0; i < sizes.quotes; i++) {
          const at = stamp(i, sizes.quotes)
          yield [
            newId(BASE_MS + Math.floor((i * SPAN_MS) / sizes.quotes)),
            `Quote${i}`,
            `Sender${i % 9973}`,
            i % 3 === 0 ? `Company ${i % 5003}` : null,
            i % 4 === 0 ? 'Retail' : null,
            `quote${i}@example.com`,
            i % 2 === 0 ? `+234 800 ${pad7(i)}` : null,
            ['Design', 'Printing', 'Consulting', 'Training'][i % 4],
            `We would like a quote for ${i % 50} items, delivered within the month. Reference ${pad7(i)}.`,
            i % 3 === 0 ? 'pending' : 'resolved',
            at,
            at,
          ]
        }
      })(),
    ),
  )
  await timed('contacts', () =>
    writer.insert(
      'contacts',
      ['id', 'first_name', 'last_name', 'email', 'subject', 'message', 'status', 'createdAt', 'updatedAt'],
      (function* (): Generator<Row> {
        for (let i = 0; i < sizes.contacts; i++) {
          const at = stamp(i, sizes.contacts)
          yield [
            newId(),
            `Contact${i}`,
            `Writer${i % 997}`,
            `contact${i}@example.com`,
            `Question ${i % 40}`,
            'Hello, a question about my order.',
            i % 3 === 0 ? 'pending' : 'resolved',
            at,
            at,
          ]
        }
      })(),
    ),
  )
  await timed('ebooks', () =>
    writer.insert(
      'ebook_requests',
      ['id', 'email', 'createdAt', 'updatedAt', 'confirmedAt'],
      (function* (): Generator<Row> {
        for (let i = 0; i < sizes.ebooks; i++) {
          const at = stamp(i, sizes.ebooks)
          yield [newId(), `reader${i}@example.com`, at, at, i % 2 === 0 ? at : null]
        }
      })(),
    ),
  )

  // Shop: products, orders, two lines an order.
  const products = Array.from({ length: sizes.products }, (_, i) => ({
    id: newId(),
    price: 100_000 + (i % 50) * 500,
  }))
  await timed('products', () =>
    writer.insert(
      'products',
      [
        'id',
        'name',
        'slug',
        'type',
        'price',
        'description',
        'isPublished',
        'publishedAt',
        'createdAt',
        'updatedAt',
      ],
      products.map((p, i) => {
        const at = stamp(i, sizes.products)
        return [
          p.id,
          `Product ${i}`,
          `product-${i}`,
          ['E-book', 'Course', 'Template'][i % 3],
          p.price,
          `Description of product ${i}`,
          true,
          at,
          at,
          at,
        ]
      }),
    ),
  )
  const orderIds: string[] = []
  await timed('orders', () =>
    writer.insert(
      'orders',
      [
        'id',
        'trxref',
        'status',
        'total',
        'currency',
        'user_id',
        'createdAt',
        'updatedAt',
        'discount_total',
        'paid_at',
      ],
      (function* (): Generator<Row> {
        for (let i = 0; i < sizes.orders; i++) {
          const ms = BASE_MS + Math.floor((i * SPAN_MS) / sizes.orders)
          const at = new Date(ms).toISOString()
          const paid = i % 5 !== 0
          const [a, b] = [products[i % products.length]!, products[(i * 7 + 3) % products.length]!]
          const id = newId(ms)
          orderIds.push(id)
          yield [
            id,
            `scale_${i}`,
            paid ? 'paid' : 'abandoned',
            a.price + b.price,
            'NGN',
            userIds[(i * 13) % sizes.users],
            at,
            at,
            0,
            paid ? new Date(ms + 120_000).toISOString() : null,
          ]
        }
      })(),
    ),
  )
  await timed('order lines', () =>
    writer.insert(
      'product_orders',
      ['product_id', 'order_id', 'quantity', 'amount', 'discount'],
      (function* (): Generator<Row> {
        for (let i = 0; i < sizes.orders; i++) {
          const first = products[i % products.length]!
          const second = products[(i * 7 + 3) % products.length]!
          yield [first.id, orderIds[i], 1, first.price, 0]
          if (second !== first) yield [second.id, orderIds[i], 1, second.price, 0]
        }
      })(),
    ),
  )
}
