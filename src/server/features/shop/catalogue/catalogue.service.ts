import type { CatalogueQuery } from '../../../../shared/contract/shop/products'
import { isUuid } from '../../../../shared/slug'
import type { AppDeps } from '../../../deps'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { applyListQuery } from '../../../lib/list-query/apply-list-query'
import { decodeCursor, encodeCursor } from '../../../lib/list-query/cursor'
import { keysetBatchQuery } from '../../../lib/list-query/query-batches'
import { canManageProducts, canViewProduct } from '../../../policies/shop/shop.policy'
import { presentCatalogueItem, presentProduct } from './products.presenter'
import {
  CATALOGUE_COLUMNS,
  type CatalogueRow,
  catalogueRows,
  catalogueTotal,
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
  const sortTag = `${query.sort}:${query.order}`
  const decoded = query.cursor ? decodeCursor(query.cursor, sortTag, 2) : undefined
  const after: After = decoded && { key: decoded[0]!, id: decoded[1]! }
  // One after the other: in parallel they would hold two pool connections per list request.
  const { total, rows } = query.q
    ? await searchedCatalogue(deps, query, after)
    : await unsearchedCatalogue(deps, query, after)
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

type After = { key: string | number; id: string | number } | undefined

/** The shop as it opens (no search text): two statements compiled once per shape. */
async function unsearchedCatalogue(deps: Deps, query: CatalogueQuery, after: After) {
  const { db, dialect } = deps.database
  const shape = {
    dialect,
    typed: Boolean(query.type),
    sort: query.sort,
    order: query.order,
    from: after ? ('cursor' as const) : ('page' as const),
  }
  const total = await catalogueTotal(db, shape, query.type)
  const rows = await catalogueRows(db, shape, {
    type: query.type,
    after,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  })
  return { total, rows }
}

/** A search through names and descriptions: built through the list-query kit for each request. */
async function searchedCatalogue(deps: Deps, query: CatalogueQuery, after: After) {
  const { db, dialect } = deps.database
  const listed = listedProducts(db, query)
  const { countQuery } = applyListQuery(listed, query, CATALOGUE_COLUMNS)
  // Every catalogue sort key (date, price, name) is set on every product: one keyset sequence.
  let pageQuery = keysetBatchQuery(dialect, listed, query, CATALOGUE_COLUMNS, {
    phase: 'values',
    after,
    batchSize: query.pageSize,
  })
  if (!after) pageQuery = pageQuery.offset((query.page - 1) * query.pageSize)
  const count = await countQuery.executeTakeFirst()
  const rows = (await pageQuery.execute()) as CatalogueRow[]
  return { total: Number(count?.total ?? 0), rows }
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
