import type { ProductCreateInput } from '../../../../shared/contract/shop/products'
import { firstFreeSlug, slugify } from '../../../../shared/slug'
import type { Caller } from '../../../lib/http/caller'
import { newId } from '../../../lib/ids'
import { presentProduct } from './products.presenter'
import { insertProduct, slugsLike } from './products.repository'
import { assertDeliverable, authorizeManager, type Deps, notifyProduct } from './products.service'

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
