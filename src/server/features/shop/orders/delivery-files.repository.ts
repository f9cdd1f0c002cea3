import { type Kysely, PostgresAdapter } from 'kysely'
import type { DB } from '../../../db/schema'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { DELIVERING_ORDER_STATUSES } from '../../../lib/storage/blob-references.repository'

// The lifetime of deliverable files (docs/decisions/0049). A paid order keeps the exact file it
// bought: the settlement copies the product's file onto each order line, and downloads serve that
// copy. A file's blob is kept while its product or any order that is not refunded names it; when the
// last of them lets go (a replaced or removed file, a full refund), it goes through the files
// feature's retried blob-deletion queue, in the same transaction as the change that let go.
//
// A blob is only ever named by the product it was uploaded to and that product's order lines, so
// locking the product row serialises every change to who names it: staff changes update the row,
// the settlement and full refunds lock it (PostgreSQL; SQLite transactions are serial already).

/** Orders whose lines keep their file: paid, or paid with a refund being asked for. */

/** Locks the rows of the products on an order's lines (PostgreSQL), in id order. */
export async function lockOrderProducts(trx: Kysely<DB>, orderId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return
  await trx
    .selectFrom('products')
    .select('id')
    .where('id', 'in', (eb) =>
      eb.selectFrom('product_orders').select('product_id').where('order_id', '=', orderId),
    )
    .orderBy('id')
    .forUpdate()
    .execute()
}

type ProductFileColumn = keyof DB['products'] & `deliveryFile${string}`

/** At payment: each line of the order takes its product's file as it is now (null for a link). */
export async function snapshotOrderFiles(trx: Kysely<DB>, orderId: string): Promise<void> {
  await lockOrderProducts(trx, orderId)
  await trx
    .updateTable('product_orders')
    .set((eb) => {
      const of = <C extends ProductFileColumn>(c: C) =>
        eb.selectFrom('products as p').select(`p.${c}`).whereRef('p.id', '=', 'product_orders.product_id')
      return {
        deliveryFileKey: of('deliveryFileKey'),
        deliveryFileName: of('deliveryFileName'),
        deliveryFileType: of('deliveryFileType'),
        deliveryFileSize: of('deliveryFileSize'),
        deliveryFileSha256: of('deliveryFileSha256'),
      }
    })
    .where('order_id', '=', orderId)
    .execute()
}

/**
 * Queues for deletion those of `keys` that no product and no order still delivering names. Call it in
 * the transaction that stopped naming them, after the product row is updated or locked.
 */
export async function releaseDeliveryFiles(
  trx: Kysely<DB>,
  keys: readonly (string | null | undefined)[],
  now: Date,
): Promise<string[]> {
  const candidates = [...new Set(keys.filter((k): k is string => Boolean(k)))]
  if (candidates.length === 0) return []
  const byProducts = await trx
    .selectFrom('products')
    .select('deliveryFileKey as key')
    .where('deliveryFileKey', 'in', candidates)
    .execute()
  const byOrders = await trx
    .selectFrom('product_orders as po')
    .innerJoin('orders as o', 'o.id', 'po.order_id')
    .select('po.deliveryFileKey as key')
    .where('po.deliveryFileKey', 'in', candidates)
    .where('o.status', 'in', DELIVERING_ORDER_STATUSES)
    .execute()
  const named = new Set([...byProducts, ...byOrders].map((r) => r.key))
  const released = candidates.filter((key) => !named.has(key))
  await enqueueBlobDeletions(trx, released, now)
  return released
}

/** The order's files, for a full refund to release. */
export async function orderFileKeys(trx: Kysely<DB>, orderId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('product_orders')
    .select('deliveryFileKey')
    .where('order_id', '=', orderId)
    .where('deliveryFileKey', 'is not', null)
    .execute()
  return rows.map((r) => r.deliveryFileKey as string)
}

export interface ProductFile {
  deliveryFileKey: string
  deliveryFileName: string
  deliveryFileType: string
  deliveryFileSize: number
  deliveryFileSha256: string | null
}

/**
 * "Send the update to past buyers": every line of the product on an order still delivering moves to
 * the product's new file. Returns the orders moved (for their buyers' notifications) and the files
 * the lines let go of (for release).
 */
export async function moveBuyersToFile(trx: Kysely<DB>, productId: string, file: ProductFile) {
  const lines = await trx
    .selectFrom('product_orders as po')
    .innerJoin('orders as o', 'o.id', 'po.order_id')
    .select(['o.id', 'o.trxref', 'o.user_id', 'po.deliveryFileKey'])
    .where('po.product_id', '=', productId)
    .where('o.status', 'in', DELIVERING_ORDER_STATUSES)
    .orderBy('o.id')
    .execute()
  if (lines.length === 0) return { orders: [], previousKeys: [] }
  await trx
    .updateTable('product_orders')
    .set(file)
    .where('product_id', '=', productId)
    .where('order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('status', 'in', DELIVERING_ORDER_STATUSES),
    )
    .execute()
  return {
    orders: lines.map((l) => ({ id: l.id, trxref: l.trxref, user_id: l.user_id })),
    previousKeys: lines.map((l) => l.deliveryFileKey).filter((k): k is string => k !== null),
  }
}
