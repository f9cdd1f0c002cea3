import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Updateable } from 'kysely'
import type { CatalogueQuery, ProductListQuery } from '../../../../shared/contract/shop/products'
import type { Db } from '../../../db/db'
import { queryTemplate } from '../../../db/query-templates'
import type { DB, ProductsTable } from '../../../db/schema'
import type { ListColumns } from '../../../lib/list-query/apply-list-query'
import { keysetBatchQuery } from '../../../lib/list-query/query-batches'

// Named queries of products: the public catalogue (published, not deleted), the staff table (every
// product not deleted), one product, and the writes of product management.

export type ProductRecord = DB['products']

function products(db: Kysely<DB>) {
  return db.selectFrom('products as p')
}
type From =
  ReturnType<typeof products> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never
type Source = From[0]

export const CATALOGUE_COLUMNS: ListColumns<Source, From[1], CatalogueQuery['sort']> = {
  searchColumns: ['p.name', 'p.description'],
  sortColumns: { newest: 'p.createdAt', price: 'p.price', name: sql`lower(p.name)` },
  idColumn: 'p.id',
}

export const PRODUCT_LIST_COLUMNS: ListColumns<Source, From[1], ProductListQuery['sort']> = {
  searchColumns: ['p.name', 'p.description', 'p.type'],
  sortColumns: {
    createdAt: 'p.createdAt',
    updatedAt: 'p.updatedAt',
    name: sql`lower(p.name)`,
    type: sql`lower(p.type)`,
    price: 'p.price',
  },
  idColumn: 'p.id',
}

/**
 * What a catalogue item shows (products.presenter's presentCatalogueItem), and nothing more: the list
 * and a cart never read a description or a deliverable, and each row carries less.
 */
export const CATALOGUE_ITEM_FIELDS = [
  'id',
  'name',
  'slug',
  'type',
  'price',
  'cover_photo',
  'coverLargeKey',
  'createdAt',
] as const

/** Published, not deleted, optionally of one type: what the shop shows (not yet searched or paged). */
export function listedProducts(db: Kysely<DB>, query: Pick<CatalogueQuery, 'type'>) {
  let qb = products(db)
    .select(CATALOGUE_ITEM_FIELDS.map((f) => `p.${f}` as const))
    .where('p.isPublished', '=', true)
    .where('p.deletedAt', 'is', null)
  if (query.type) qb = qb.where('p.type', '=', query.type)
  return qb
}

/** The position keysetBatchQuery adds to each row: what the next page's cursor is made of. */
export type KeysetColumns = { __keyset_key: string | number; __keyset_id: string }
export type CatalogueRow = Pick<ProductRecord, (typeof CATALOGUE_ITEM_FIELDS)[number]> & KeysetColumns

/** What changes the catalogue's SQL text: the database, a type filter, the sort, a cursor or a page. */
export interface CatalogueShape {
  dialect: 'sqlite' | 'postgres'
  typed: boolean
  sort: CatalogueQuery['sort']
  order: CatalogueQuery['order']
  from: 'cursor' | 'page'
}
interface CatalogueSlots {
  type: string
  afterKey: string | number
  afterId: string | number
  limit: number
  offset: number
}

function catalogueShapeKey(shape: CatalogueShape): string {
  return [shape.dialect, shape.typed ? 'typed' : 'all', shape.sort, shape.order, shape.from].join('|')
}

function parseShape(key: string): CatalogueShape {
  const [dialect, typed, sort, order, from] = key.split('|') as [string, string, string, string, string]
  return {
    dialect: dialect as CatalogueShape['dialect'],
    typed: typed === 'typed',
    sort: sort as CatalogueShape['sort'],
    order: order as CatalogueShape['order'],
    from: from as CatalogueShape['from'],
  }
}

// The unsearched catalogue is the shop's hottest query: its page and its count are compiled once per
// shape (query-templates.ts) instead of being built through the list-query kit on every request.
const cataloguePage = queryTemplate<CatalogueSlots, CatalogueRow>((db, slots, key) => {
  const shape = parseShape(key)
  const listed = listedProducts(db as Kysely<DB>, { type: shape.typed ? slots.type : undefined })
  const page = keysetBatchQuery(
    shape.dialect,
    listed,
    { q: undefined, sort: shape.sort, order: shape.order },
    CATALOGUE_COLUMNS,
    {
      phase: 'values',
      after: shape.from === 'cursor' ? { key: slots.afterKey, id: slots.afterId } : undefined,
      batchSize: slots.limit,
    },
  )
  return shape.from === 'page' ? page.offset(slots.offset) : page
})

// The count is kept per type by triggers (migration 0037): a sum over a few rows, not a count over
// every listed product's index entry (which took about a third of the page's time at 10k products).
const catalogueCount = queryTemplate<Pick<CatalogueSlots, 'type'>, { total: number | string | null }>(
  (db, slots, key) => {
    const counts = (db as Kysely<DB>)
      .selectFrom('listed_product_counts')
      .select((eb) => eb.fn.sum<number | string | null>('listed').as('total'))
    return key === 'typed' ? counts.where('type', '=', slots.type) : counts
  },
)

/** A page of the unsearched catalogue: after a cursor's position, or at an offset. */
export function catalogueRows(
  db: Db,
  shape: CatalogueShape,
  values: {
    type?: string
    after?: { key: string | number; id: string | number }
    limit: number
    offset: number
  },
): Promise<CatalogueRow[]> {
  return cataloguePage.rows(db, catalogueShapeKey(shape), {
    type: values.type ?? '',
    afterKey: values.after?.key ?? '',
    afterId: values.after?.id ?? '',
    limit: values.limit,
    offset: values.offset,
  })
}

/** How many products the unsearched catalogue holds (of one type, when typed). */
export async function catalogueTotal(
  db: Db,
  shape: CatalogueShape,
  type: string | undefined,
): Promise<number> {
  // The count's SQL depends only on the type filter: one compiled count with it, one without.
  const [row] = await catalogueCount.rows(db, shape.typed ? 'typed' : 'all', { type: type ?? '' })
  return Number(row?.total ?? 0)
}

/** The staff table: every product still in the shop's records as a product (deleted ones are gone). */
export function managedProducts(db: Kysely<DB>, query: Pick<ProductListQuery, 'type' | 'state'>) {
  let qb = products(db).selectAll('p').where('p.deletedAt', 'is', null)
  if (query.type) qb = qb.where('p.type', '=', query.type)
  if (query.state) qb = qb.where('p.isPublished', '=', query.state === 'published')
  return qb
}

/** The types of listed products (or of every product not deleted), alphabetically: the filters. */
export async function typesInUse(
  db: Kysely<DB>,
  options: { includeUnlisted?: boolean } = {},
): Promise<string[]> {
  let qb = db.selectFrom('products').select('type').distinct().where('deletedAt', 'is', null)
  if (!options.includeUnlisted) qb = qb.where('isPublished', '=', true)
  const rows = await qb.orderBy('type').execute()
  return rows.map((r) => r.type)
}

export function findProduct(db: Kysely<DB>, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findProductBySlug(db: Kysely<DB>, slug: string) {
  return db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst()
}

/** The slugs already taken among `base` and `base-<anything>`: what a new product's slug must avoid. */
export async function slugsLike(db: Kysely<DB>, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('products')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  return new Set(rows.map((r) => r.slug))
}

/** The products among `ids` that are for sale, for a cart's fresh prices. */
export function productsForSale(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('products')
    .select(CATALOGUE_ITEM_FIELDS)
    .where('id', 'in', ids)
    .where('isPublished', '=', true)
    .where('deletedAt', 'is', null)
    .execute()
}

/** The products of `ids` still in the shop (published or draft, not deleted): their names and state. */
export function productsNamed(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('products')
    .select(['id', 'name', 'isPublished'])
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute()
}

export function insertProduct(db: Kysely<DB>, row: Insertable<ProductsTable>) {
  return db.insertInto('products').values(row).execute()
}

export function updateProduct(db: Kysely<DB>, id: string, changes: Updateable<ProductsTable>) {
  return db.updateTable('products').set(changes).where('id', '=', id).where('deletedAt', 'is', null).execute()
}

/** Whether any order line names the product: then deleting it only hides it. */
export async function isOrdered(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('product_orders')
    .select('product_id')
    .where('product_id', '=', id)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export function hideProduct(db: Kysely<DB>, id: string, now: string) {
  return db
    .updateTable('products')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst()
}

export function removeProduct(db: Kysely<DB>, id: string) {
  return db.deleteFrom('products').where('id', '=', id).executeTakeFirst()
}
