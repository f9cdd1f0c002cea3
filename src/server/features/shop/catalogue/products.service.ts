import type { Transaction, Updateable } from 'kysely'
import type {
  ProductCreateInput,
  ProductListQuery,
  ProductUpdateInput,
} from '../../../../shared/contract/shop/products'
import { firstFreeSlug, slugify } from '../../../../shared/slug'
import type { DB, ProductsTable } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import { type CsvColumn, csvStream } from '../../../lib/csv/csv-stream'
import { type Caller, recordedAs } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canManageProducts } from '../../../policies/shop/shop.policy'
import { recordExport } from '../../audit/audit.service'
import { notify } from '../../notifications/notify'
import {
  addDeliverableVersion,
  type DeliverableContent,
  markReplaced,
  moveBuyersToFile,
  type ProductFile,
  productVersionPaths,
  releaseDeliveryFiles,
} from '../orders/delivery-files.repository'
import { notifyNewFile } from '../orders/orders.fulfilment'
import { presentProduct, presentProductRow } from './products.presenter'
import {
  findProduct,
  hideProduct,
  insertProduct,
  isOrdered,
  managedProducts,
  PRODUCT_LIST_COLUMNS,
  type ProductRecord,
  removeProduct,
  slugsLike,
  updateProduct,
} from './products.repository'

// Product management (product.md §3; UploadProducts staff and admins): create, edit, publish and
// unpublish, delete, the staff table and its CSV export. Notifications (product.md §5): `created`
// once, when a product is first published (everyone signed in sees it); `updated` for every later
// change and `deleted` (staff with UploadProducts or AccessShop see those). Drafts are silent.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'storage' | 'env' | 'logger'>

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
function assertDeliverable(product: Pick<ProductRecord, 'product_url' | 'deliveryFileKey' | 'isPublished'>) {
  if (product.isPublished && !product.product_url && !product.deliveryFileKey) {
    throw problems.validation({
      isPublished: ['Add a link or upload a file for buyers before publishing.'],
    })
  }
}

async function notifyProduct(
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

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

export async function createProduct(deps: Deps, by: Caller, input: ProductCreateInput) {
  authorizeManager(by)
  const now = deps.clock()
  const stamp = now.toISOString()
  const row = {
    id: newId(),
    name: input.name,
    type: input.type,
    price: input.price,
    description: input.description,
    cover_photo: null,
    product_url: input.product_url,
    isPublished: input.isPublished,
    deletedAt: null,
    deliveryFileKey: null,
    deliveryFileName: null,
    deliveryFileType: null,
    deliveryFileSize: null,
    deliveryFileSha256: null,
    deliveryVersionId: null,
    coverSmallKey: null,
    coverLargeKey: null,
    publishedAt: input.isPublished ? stamp : null,
    createdAt: stamp,
    updatedAt: stamp,
  }
  assertDeliverable(row)
  const base = slugify(input.name)
  // Two products created at once may pick the same free slug: the unique index refuses the second,
  // which then looks again.
  for (let attempt = 1; ; attempt++) {
    const slug = firstFreeSlug(base, await slugsLike(deps.database.db, base))
    try {
      await deps.database.db.transaction().execute(async (trx) => {
        await insertProduct(trx, { ...row, slug })
        if (row.isPublished) await notifyProduct(trx, by, row, 'created', now)
      })
      return presentProduct({ ...row, slug }, deps.env.shopCurrency, by)
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error
    }
  }
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

export async function editProduct(deps: Deps, by: Caller, id: string, input: ProductUpdateInput) {
  authorizeManager(by)
  const before = await loadManagedProduct(deps, id)
  const changes: Updateable<ProductsTable> = {}
  for (const key of ['name', 'type', 'price', 'description', 'isPublished'] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key]
  }
  // A link replaces an uploaded file: the deliverable is one or the other.
  let dropFile = false
  if (input.product_url !== undefined) {
    changes.product_url = input.product_url
    if (input.product_url !== null && before.deliveryFileKey) {
      dropFile = true
      Object.assign(changes, {
        deliveryFileKey: null,
        deliveryFileName: null,
        deliveryFileType: null,
        deliveryFileSize: null,
        deliveryFileSha256: null,
      })
    }
  }
  if (Object.keys(changes).length === 0) return presentProduct(before, deps.env.shopCurrency, by)
  const after = await recordProductChange(deps, by, before, changes, {
    deliverable: dropFile ? 'removed' : undefined,
  })
  return presentProduct(after, deps.env.shopCurrency, by)
}

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

export async function getManagedList(deps: Deps, actor: Caller, query: ProductListQuery) {
  authorizeManager(actor)
  const page = await fetchListPage(managedProducts(deps.database.db, query), query, PRODUCT_LIST_COLUMNS)
  return { ...page, items: page.items.map((row) => presentProductRow(row, deps.env.shopCurrency, actor)) }
}

const PRODUCT_CSV = (currency: string): CsvColumn<ProductRecord>[] => [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'type', value: (r) => r.type },
  { header: 'price', value: (r) => Number(r.price) },
  { header: 'currency', value: () => currency },
  { header: 'published', value: (r) => (r.isPublished ? 'yes' : 'no') },
  { header: 'deliverable', value: (r) => (r.product_url ? 'link' : r.deliveryFileKey ? 'file' : 'none') },
  { header: 'createdAt', value: (r) => r.createdAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
]

/** Every product matching the table's filters and search (not just the page), streamed; audited. */
export async function exportProducts(deps: Deps, by: Caller, query: ProductListQuery) {
  authorizeManager(by)
  await recordExport(deps.database.db, by, 'products', query, deps.clock())
  const rows = keysetBatches(
    deps.database.dialect,
    managedProducts(deps.database.db, query),
    query,
    PRODUCT_LIST_COLUMNS,
  )
  return csvStream(PRODUCT_CSV(deps.env.shopCurrency), rows)
}
