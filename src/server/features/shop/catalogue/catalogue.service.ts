import type { CatalogueQuery } from '../../../../shared/contract/products'
import { isUuid } from '../../../../shared/slug'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { applyListQuery } from '../../../lib/list-query/apply-list-query'
import { decodeCursor, encodeCursor } from '../../../lib/list-query/cursor'
import { keysetBatchQuery } from '../../../lib/list-query/query-batches'
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

/** The position keysetBatchQuery adds to each row: what the next page's cursor is made of. */
type KeysetColumns = { __keyset_key: string | number; __keyset_id: string }

export async function listCatalogue(deps: Deps, query: CatalogueQuery) {
  const { database } = deps
  const sortTag = `${query.sort}:${query.order}`
  const after = query.cursor ? decodeCursor(query.cursor, sortTag, 2) : undefined
  const listed = listedProducts(database.db, query)
  const { countQuery } = applyListQuery(listed, query, CATALOGUE_COLUMNS)
  // Every catalogue sort key (date, price, name) is set on every product: one keyset sequence.
  let pageQuery = keysetBatchQuery(database.dialect, listed, query, CATALOGUE_COLUMNS, {
    phase: 'values',
    after: after && { key: after[0], id: after[1] },
    batchSize: query.pageSize,
  })
  if (!after) pageQuery = pageQuery.offset((query.page - 1) * query.pageSize)
  // One after the other: in parallel they would hold two pool connections per list request.
  const count = await countQuery.executeTakeFirst()
  const rows = (await pageQuery.execute()) as (Parameters<typeof presentCatalogueItem>[0] & KeysetColumns)[]
  const total = Number(count?.total ?? 0)
  const last = rows.at(-1)
  return {
    items: rows.map((row) => presentCatalogueItem(row, deps.env.shopCurrency)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    nextCursor:
      last && rows.length === query.pageSize
        ? encodeCursor(sortTag, [last.__keyset_key, last.__keyset_id])
        : null,
  }
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
