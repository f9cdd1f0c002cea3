import type { Transaction, Updateable } from 'kysely'
import type { DB, ProductsTable } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import { type Caller, recordedAs } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canManageProducts } from '../../../policies/shop/shop.policy'
import { notify } from '../../notifications/notify'
import {
  addDeliverableVersion,
  type DeliverableContent,
  markReplaced,
  moveBuyersToFile,
  type ProductFile,
  releaseDeliveryFiles,
} from '../orders/delivery-files.repository'
import { notifyNewFile } from '../orders/orders.fulfilment'
import { findProduct, type ProductRecord, updateProduct } from './products.repository'

// Product management (product.md §3; UploadProducts staff and admins): who may manage products, a
// product that can still be changed, and recording a change, which every use case shares: create
// (product-create.service), edit (product-edit.service), covers, deliverable files, delete
// (product-delete.service), the staff table and its CSV export (products-table.service).
// Notifications (product.md §5): `created` once, when a product is first published (everyone signed
// in sees it); `updated` for every later change and `deleted` (staff with UploadProducts or AccessShop
// see those). Drafts are silent.

export type Deps = Pick<AppDeps, 'database' | 'clock' | 'storage' | 'env' | 'logger'>

export function authorizeManager(actor: Caller) {
  if (!canManageProducts(actor)) throw problems.forbidden()
}

/** A product that can still be changed: it exists and was not deleted (a hidden one is read-only). */
export async function loadManagedProduct(deps: Pick<Deps, 'database'>, id: string): Promise<ProductRecord> {
  const product = await findProduct(deps.database.db, id)
  if (!product || product.deletedAt !== null) throw problems.notFound('No such product.')
  return product
}

/** A product cannot go on sale without something to deliver. */
export function assertDeliverable(
  product: Pick<ProductRecord, 'product_url' | 'deliveryFileKey' | 'isPublished'>,
) {
  if (product.isPublished && !product.product_url && !product.deliveryFileKey) {
    throw problems.validation({
      isPublished: ['Add a link or upload a file for buyers before publishing.'],
    })
  }
}

export async function notifyProduct(
  trx: Transaction<DB>,
  by: Caller,
  product: Pick<ProductRecord, 'id' | 'name'>,
  action: 'created' | 'updated' | 'deleted',
  now: Date,
) {
  await notify(
    trx,
    {
      type: 'product',
      action,
      actor: recordedAs(by),
      mainItem: product.name,
      audience: { forAll: true },
      // A product deleted for good leaves no row to point at.
      refs: action === 'deleted' ? {} : { product_id: product.id },
    },
    now,
  )
}

/**
 * Writes `changes` to a product that is still managed and notifies: the first publication is the
 * product's `created` announcement, anything else an `updated`. With `updatePastBuyers`, the product's
 * paid orders move to its (new) file and each buyer is told. A new deliverable content becomes a
 * version row the product names (decision 0092). Returns the row as it is now.
 */
export async function recordProductChange(
  deps: Deps,
  by: Caller,
  before: ProductRecord,
  changes: Updateable<ProductsTable>,
  release: BlobRelease = {},
): Promise<ProductRecord> {
  const now = deps.clock()
  const stamp = now.toISOString()
  const firstPublication = changes.isPublished === true && before.publishedAt === null
  const after = {
    ...before,
    ...changes,
    ...(firstPublication ? { publishedAt: stamp } : {}),
    updatedAt: stamp,
  } as ProductRecord
  assertDeliverable(after)
  await deps.database.db.transaction().execute(async (trx) => {
    const deliverable = release.deliverable
    if (deliverable === 'removed') {
      await markReplaced(trx, before.deliveryVersionId, now)
      after.deliveryVersionId = null
    } else if (deliverable) {
      after.deliveryVersionId = await addDeliverableVersion(
        trx,
        before.id,
        deliverable,
        recordedAs(by).id,
        before.deliveryVersionId,
        now,
      )
    }
    // The update locks the product row: who names its files changes only under that lock (0049).
    const result = await updateProduct(trx, before.id, {
      ...changes,
      ...(deliverable ? { deliveryVersionId: after.deliveryVersionId } : {}),
      ...(firstPublication ? { publishedAt: stamp } : {}),
      updatedAt: stamp,
    })
    if (Number(result[0]?.numUpdatedRows ?? 0) === 0) throw problems.notFound('No such product.')
    const moved =
      release.updatePastBuyers && after.deliveryVersionId
        ? await moveBuyersToFile(trx, before.id, fileOf(after))
        : []
    await enqueueBlobDeletions(
      trx,
      (release.keys ?? []).filter((k): k is string => Boolean(k)),
      now,
    )
    if (deliverable || moved.length > 0) await releaseDeliveryFiles(trx, [before.id], now)
    await notifyProduct(trx, by, after, firstPublication ? 'created' : 'updated', now)
    for (const order of moved) await notifyNewFile(trx, order, recordedAs(by), after.name, now)
  })
  return after
}

function fileOf(product: ProductRecord): ProductFile {
  return {
    deliveryVersionId: product.deliveryVersionId as string,
    deliveryFileKey: product.deliveryFileKey as string,
    deliveryFileName: product.deliveryFileName ?? 'download',
    deliveryFileType: product.deliveryFileType ?? 'application/octet-stream',
    deliveryFileSize: Number(product.deliveryFileSize ?? 0),
    deliveryFileSha256: product.deliveryFileSha256,
  }
}

/**
 * Blobs a change stops naming: covers always go; a deliverable's versions go unless the product or an
 * order that is not refunded still names them (decisions 0049, 0092). Both are queued for the files feature's retried
 * deletion (decision 0027) in the transaction of the row change, so a crash or a storage error can
 * neither leave an orphan nor delete a blob a committed row still names.
 */
export interface BlobRelease {
  keys?: readonly (string | null)[]
  /** The deliverable's new content (kept as a version the product names), or its removal. */
  deliverable?: DeliverableContent | 'removed' | undefined
  /** "Send the update to past buyers": paid orders' lines move to the product's new file. */
  updatePastBuyers?: boolean
}
