import type { Caller } from '../../../lib/http/caller'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { productVersionPaths } from '../orders/delivery-files.repository'
import { hideProduct, isOrdered, removeProduct } from './products.repository'
import { authorizeManager, type Deps, loadManagedProduct, notifyProduct } from './products.service'

/**
 * Deletes a product. One that appears on any order is only hidden (`deletedAt`): old orders still
 * show it, its paid orders keep the files they name, and it keeps its own file for an order paid
 * late. Otherwise the row goes and its blobs are queued for deletion.
 */
export async function deleteProduct(
  deps: Deps,
  by: Caller,
  id: string,
): Promise<{ outcome: 'deleted' | 'hidden' }> {
  authorizeManager(by)
  const product = await loadManagedProduct(deps, id)
  const now = deps.clock()
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    // Checked inside the transaction; the foreign key (on delete restrict) backs it up against an
    // order placed in between.
    const ordered = await isOrdered(trx, id)
    if (ordered) await hideProduct(trx, id, now.toISOString())
    else {
      // The product's versions go with its row (cascade); their blobs are read first.
      const versions = await productVersionPaths(trx, id)
      await removeProduct(trx, id)
      const keys = [product.coverSmallKey, product.coverLargeKey, product.deliveryFileKey, ...versions]
      await enqueueBlobDeletions(trx, [...new Set(keys.filter((k): k is string => Boolean(k)))], now)
    }
    await notifyProduct(trx, by, product, 'deleted', now)
    return ordered ? ('hidden' as const) : ('deleted' as const)
  })
  return { outcome }
}
