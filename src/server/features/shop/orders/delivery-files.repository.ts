import { type Kysely, PostgresAdapter } from 'kysely'
import type { DB } from '../../../db/schema'
import { newId } from '../../../lib/ids'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { DELIVERING_ORDER_STATUSES } from '../../../lib/storage/blob-references.repository'
import { deleteVersionRows } from '../../files/versions/file-versions.repository'

// The lifetime of deliverable files (docs/decisions/0049, 0092). Every content of a product's
// deliverable is a `file_versions` row with `product_id` set; the product names its current one and
// each paid order line the one it bought (the settlement copies the product's version and file name
// onto the line), and downloads serve the line's version. A version is kept while its product or a
// line of an order that still delivers names it; when the last of them lets go (a replaced or removed
// file, a full refund, buyers moved to a newer file), the row is deleted and its blob goes through the
// files feature's retried blob-deletion queue, in the same transaction as the change that let go.
//
// A version is only ever named by the product it was uploaded to and that product's order lines, so
// locking the product row serialises every change to who names it: staff changes update the row,
// the settlement and full refunds lock it (PostgreSQL; SQLite transactions are serial already).

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

type ProductFileColumn = keyof DB['products'] & `delivery${'File' | 'Version'}${string}`

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
        deliveryVersionId: of('deliveryVersionId'),
      }
    })
    .where('order_id', '=', orderId)
    .execute()
}

/** A deliverable's content as stored: its blob, size, hash and media type. */
export interface DeliverableContent {
  path: string
  size: number
  sha256: string | null
  mimetype: string
}

/**
 * Records a new content of the product's deliverable as a version row (docs/decisions/0092) and marks
 * the content it replaces (`previousId`) as replaced at `now`. Returns the new row's id, for
 * `products.deliveryVersionId`. Call it in the transaction that updates the product.
 */
export async function addDeliverableVersion(
  trx: Kysely<DB>,
  productId: string,
  content: DeliverableContent,
  by: string | null,
  previousId: string | null,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime())
  const stamp = now.toISOString()
  await trx
    .insertInto('file_versions')
    .values({
      id,
      file_id: null,
      product_id: productId,
      ...content,
      createdBy: by,
      createdAt: stamp,
      replacedAt: stamp,
    })
    .execute()
  await markReplaced(trx, previousId, now)
  return id
}

/** The product's current content stops being current at `now` (a removed file, a link instead). */
export async function markReplaced(trx: Kysely<DB>, versionId: string | null, now: Date): Promise<void> {
  if (!versionId) return
  await trx
    .updateTable('file_versions')
    .set({ replacedAt: now.toISOString() })
    .where('id', '=', versionId)
    .execute()
}

/**
 * The keep rule (decisions 0049, 0092): deletes the deliverable versions of these products that no
 * product and no line of an order still delivering names, and queues their blobs for deletion. Call it
 * in the transaction that stopped naming them, after the product rows are updated or locked.
 */
export async function releaseDeliveryFiles(
  trx: Kysely<DB>,
  productIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return []
  const gone = await trx
    .selectFrom('file_versions as v')
    .select(['v.id', 'v.path'])
    .where('v.product_id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('products as p').select('p.id').whereRef('p.deliveryVersionId', '=', 'v.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('product_orders as po')
            .innerJoin('orders as o', 'o.id', 'po.order_id')
            .select('po.order_id')
            .whereRef('po.deliveryVersionId', '=', 'v.id')
            .where('o.status', 'in', DELIVERING_ORDER_STATUSES),
        ),
      ),
    )
    .execute()
  const keys = await deleteVersionRows(trx, gone)
  if (keys.length > 0) await enqueueBlobDeletions(trx, keys, now)
  return keys
}

/** The products on an order's lines, for a full refund to release their versions. */
export async function orderProductIds(trx: Kysely<DB>, orderId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('product_orders')
    .select('product_id')
    .where('order_id', '=', orderId)
    .where('deliveryVersionId', 'is not', null)
    .execute()
  return rows.map((r) => r.product_id)
}

/** The blobs of every version of a product (read before the product is deleted for good). */
export async function productVersionPaths(trx: Kysely<DB>, productId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('file_versions')
    .select('path')
    .where('product_id', '=', productId)
    .execute()
  return rows.map((r) => r.path)
}

export interface ProductFile {
  deliveryVersionId: string
  deliveryFileKey: string
  deliveryFileName: string
  deliveryFileType: string
  deliveryFileSize: number
  deliveryFileSha256: string | null
}

/**
 * "Send the update to past buyers": every line of the product on an order still delivering moves to
 * the product's current version. Returns the orders moved, for their buyers' notifications; the
 * versions the lines let go of are for `releaseDeliveryFiles`.
 */
export async function moveBuyersToFile(trx: Kysely<DB>, productId: string, file: ProductFile) {
  const lines = await trx
    .selectFrom('product_orders as po')
    .innerJoin('orders as o', 'o.id', 'po.order_id')
    .select(['o.id', 'o.trxref', 'o.user_id'])
    .where('po.product_id', '=', productId)
    .where('o.status', 'in', DELIVERING_ORDER_STATUSES)
    .orderBy('o.id')
    .execute()
  if (lines.length === 0) return []
  await trx
    .updateTable('product_orders')
    .set(file)
    .where('product_id', '=', productId)
    .where('order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('status', 'in', DELIVERING_ORDER_STATUSES),
    )
    .execute()
  return lines.map((l) => ({ id: l.id, trxref: l.trxref, user_id: l.user_id }))
}

/**
 * The staff's list of a product's deliverable versions, newest first: who made each, whether it is
 * current, and how many orders still delivering hold it.
 */
export function deliverableVersions(db: Kysely<DB>, productId: string) {
  return db
    .selectFrom('file_versions as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('users as u', 'u.id', 'v.createdBy')
    .select((eb) => [
      'v.id',
      'v.createdAt',
      'v.size',
      'v.mimetype',
      'u.name as createdByName',
      eb('p.deliveryVersionId', '=', eb.ref('v.id')).as('current'),
      eb
        .selectFrom('product_orders as po')
        .innerJoin('orders as o', 'o.id', 'po.order_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('po.deliveryVersionId', '=', 'v.id')
        .where('o.status', 'in', DELIVERING_ORDER_STATUSES)
        .as('paidOrders'),
    ])
    .where('v.product_id', '=', productId)
    .orderBy('v.createdAt', 'desc')
    .orderBy('v.id', 'desc')
    .execute()
}
