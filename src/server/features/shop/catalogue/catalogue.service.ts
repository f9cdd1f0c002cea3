import type { CatalogueQuery } from '../../../../shared/contract/products'
import { isUuid } from '../../../../shared/slug'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { fetchListPage } from '../../../lib/list-query/apply-list-query'
import { canManageProducts, canViewProduct } from '../../../policies/shop.policy'
import { presentCatalogueItem, presentProduct } from './products.presenter'
import {
  CATALOGUE_COLUMNS,
  findProduct,
  findProductBySlug,
  listedProducts,
  productsForSale,
  typesInUse,
} from './products.repository'

// The public catalogue (product.md §3): published, non-deleted products with search, a type filter,
// sorting by price or newest and paging; the types in use; one product page; a cart's fresh prices.

type Deps = Pick<AppDeps, 'database' | 'env'>

export async function listCatalogue(deps: Deps, query: CatalogueQuery) {
  const page = await fetchListPage(listedProducts(deps.database.db, query), query, CATALOGUE_COLUMNS)
  return { ...page, items: page.items.map((row) => presentCatalogueItem(row, deps.env.shopCurrency)) }
}

export async function listTypes(deps: Deps, actor: Caller) {
  const types = await typesInUse(deps.database.db, { includeUnlisted: canManageProducts(actor) })
  return { types, currency: deps.env.shopCurrency }
}

/** A product by its id (old links) or its slug. */
export function findProductByRef(db: Deps['database']['db'], ref: string) {
  return isUuid(ref) ? findProduct(db, ref.toLowerCase()) : findProductBySlug(db, ref)
}

/** A draft or a deleted product answers 404 to those who may not see it: its existence is not told. */
export async function getProduct(deps: Deps, actor: Caller, ref: string) {
  const row = await findProductByRef(deps.database.db, ref)
  if (!row || !canViewProduct(actor, row)) throw problems.notFound('This product is not in the shop.')
  return presentProduct(row, deps.env.shopCurrency, actor)
}

/** Current prices for the products of a cart that are still for sale (the others are left out). */
export async function lookupCart(deps: Deps, ids: readonly string[]) {
  const rows = await productsForSale(deps.database.db, [...new Set(ids)])
  return { items: rows.map((row) => presentCatalogueItem(row, deps.env.shopCurrency)) }
}
