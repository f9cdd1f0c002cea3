import { PRODUCT_FILE_MAX_BYTES } from '../../../../shared/contract/shop/products'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { BlobTooLargeError, WriteAbortedError } from '../../../lib/storage'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { deliverableVersions } from '../orders/delivery-files.repository'
import { authorizeManager, loadManagedProduct, recordProductChange } from './products.service'

// The deliverable file of a product (product.md §3): uploaded by staff, streamed into deps.storage
// (never buffered, capped by PRODUCT_FILE_MAX_BYTES) and kept private. Nothing here serves it: buyers
// of a paid order get the version their order line names through expiring signed links
// (orders.downloads). Each content is a version row (decision 0092); a replaced or removed one stays
// while a paid order names it (orders/delivery-files.repository.ts).

type Deps = Pick<AppDeps, 'database' | 'clock' | 'storage' | 'env' | 'logger'>

const tooLarge = () =>
  problems.tooLarge(`Files for buyers can be at most ${Math.round(PRODUCT_FILE_MAX_BYTES / 1024 ** 3)} GB.`)

/** A media type as the browser sent it, or the generic one when it sent something odd. */
function cleanType(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) && type.length <= 127
    ? type
    : 'application/octet-stream'
}

export async function uploadProductFile(
  deps: Deps,
  by: Caller,
  productId: string,
  upload: {
    name: string
    contentType: string | undefined
    body: ReadableStream<Uint8Array> | null
    declaredSize?: number | undefined
    signal?: AbortSignal
    /** Move the product's paid orders to this file and tell their buyers. */
    updatePastBuyers?: boolean
  },
) {
  authorizeManager(by)
  const product = await loadManagedProduct(deps, productId)
  if (!upload.body) throw problems.validation({ file: ['Choose a file to upload.'] })
  // A declared size over the cap is refused before a byte is stored.
  if (upload.declaredSize !== undefined && upload.declaredSize > PRODUCT_FILE_MAX_BYTES) throw tooLarge()
  let stored: Awaited<ReturnType<typeof deps.storage.put>>
  try {
    stored = await deps.storage.put(upload.body as unknown as AsyncIterable<Uint8Array>, {
      maxBytes: PRODUCT_FILE_MAX_BYTES,
      signal: upload.signal,
    })
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      throw problems.tooLarge(
        `Files for buyers can be at most ${Math.round(PRODUCT_FILE_MAX_BYTES / 1024 ** 3)} GB.`,
      )
    }
    if (error instanceof WriteAbortedError) throw problems.badRequest('The upload stopped before its end.')
    throw error
  }
  if (stored.size === 0) {
    await enqueueBlobDeletions(deps.database.db, [stored.key], deps.clock())
    throw problems.validation({ file: ['This file is empty.'] })
  }
  const fields = {
    product_url: null,
    deliveryFileKey: stored.key,
    deliveryFileName: upload.name,
    deliveryFileType: cleanType(upload.contentType),
    deliveryFileSize: stored.size,
    deliveryFileSha256: stored.sha256,
  }
  try {
    // The replaced file goes unless a paid order still names it.
    await recordProductChange(deps, by, product, fields, {
      deliverable: {
        path: stored.key,
        size: stored.size,
        sha256: stored.sha256,
        mimetype: fields.deliveryFileType,
      },
      updatePastBuyers: upload.updatePastBuyers ?? false,
    })
  } catch (error) {
    // No row names the new blob: queue it, so a storage hiccup leaves no orphan either.
    await enqueueBlobDeletions(deps.database.db, [stored.key], deps.clock())
    throw error
  }
  return { deliveryFile: { name: fields.deliveryFileName, type: fields.deliveryFileType, size: stored.size } }
}

export async function removeProductFile(deps: Deps, by: Caller, productId: string) {
  authorizeManager(by)
  const product = await loadManagedProduct(deps, productId)
  if (!product.deliveryFileKey) return
  await recordProductChange(
    deps,
    by,
    product,
    {
      deliveryFileKey: null,
      deliveryFileName: null,
      deliveryFileType: null,
      deliveryFileSize: null,
      deliveryFileSha256: null,
    },
    { deliverable: 'removed' },
  )
}

/** The deliverable's versions for the product editor (decision 0092). */
export async function listDeliverableVersions(deps: Deps, by: Caller, productId: string) {
  authorizeManager(by)
  await loadManagedProduct(deps, productId)
  const rows = await deliverableVersions(deps.database.db, productId)
  return {
    versions: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      created_by: r.createdByName ?? null,
      size: Number(r.size),
      type: r.mimetype,
      current: Boolean(r.current),
      paid_orders: Number(r.paidOrders ?? 0),
    })),
  }
}
