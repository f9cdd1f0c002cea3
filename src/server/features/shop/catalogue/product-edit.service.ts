import type { Updateable } from 'kysely'
import type { ProductUpdateInput } from '../../../../shared/contract/shop/products'
import type { ProductsTable } from '../../../db/schema'
import type { Caller } from '../../../lib/http/caller'
import { presentProduct } from './products.presenter'
import { authorizeManager, type Deps, loadManagedProduct, recordProductChange } from './products.service'

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
