import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Updateable } from 'kysely'
import type { DiscountListQuery } from '../../../../shared/contract/shop/discounts'
import type { DB, DiscountCodesTable } from '../../../db/schema'
import type { ListColumns } from '../../../lib/list-query/apply-list-query'

// Named queries for discount codes: the staff table, one code with its products, writes, and the
// counters of uses (docs/decisions/0125).

function codes(db: Kysely<DB>) {
  return db
    .selectFrom('discount_codes as d')
    .selectAll('d')
    .select((eb) =>
      eb
        .selectFrom('discount_code_products as dp')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('dp.discount_code_id', '=', 'd.id')
        .as('product_count'),
    )
}
type From = ReturnType<typeof codes> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never
export type DiscountRow = Awaited<ReturnType<ReturnType<typeof codes>['execute']>>[number]

export const DISCOUNT_LIST_COLUMNS: ListColumns<From[0], From[1], DiscountListQuery['sort']> = {
  searchColumns: ['d.code'],
  sortColumns: { code: 'd.code', createdAt: 'd.createdAt', uses: 'd.uses', ends_at: 'd.ends_at' },
  idColumn: 'd.id',
}

/** The staff table's codes, filtered, not yet searched, sorted or paged. */
export function filteredDiscounts(db: Kysely<DB>, query: Partial<DiscountListQuery>) {
  let qb = codes(db)
  if (query.active) qb = qb.where('d.active', '=', query.active === 'yes')
  return qb
}

export function findDiscount(db: Kysely<DB>, id: string) {
  return codes(db).where('d.id', '=', id).executeTakeFirst()
}

export function findDiscountByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst()
}

export async function discountProductIds(db: Kysely<DB>, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('discount_code_products')
    .select('product_id')
    .where('discount_code_id', '=', id)
    .orderBy('product_id')
    .execute()
  return rows.map((r) => r.product_id)
}

/** The code's products with their names, by name, for the staff form (deleted products included). */
export async function discountProducts(db: Kysely<DB>, id: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('discount_code_products')
    .innerJoin('products', 'products.id', 'discount_code_products.product_id')
    .select(['products.id as id', 'products.name as name'])
    .where('discount_code_products.discount_code_id', '=', id)
    .orderBy('products.name')
    .orderBy('products.id')
    .execute()
}

/** The ids among these that name a product (deleted ones included: old orders name them). */
export async function existingProductIds(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute()
  return rows.map((r) => r.id)
}

export async function insertDiscount(trx: Kysely<DB>, row: Insertable<DiscountCodesTable>) {
  await trx.insertInto('discount_codes').values(row).execute()
}

export async function updateDiscount(trx: Kysely<DB>, id: string, values: Updateable<DiscountCodesTable>) {
  await trx.updateTable('discount_codes').set(values).where('id', '=', id).execute()
}

export async function replaceDiscountProducts(trx: Kysely<DB>, id: string, productIds: readonly string[]) {
  await trx.deleteFrom('discount_code_products').where('discount_code_id', '=', id).execute()
  if (productIds.length === 0) return
  await trx
    .insertInto('discount_code_products')
    .values(productIds.map((product_id) => ({ discount_code_id: id, product_id })))
    .execute()
}

/** Another code than `exceptId` with this (normalised) code. */
export async function codeTaken(db: Kysely<DB>, code: string, exceptId?: string): Promise<boolean> {
  let qb = db.selectFrom('discount_codes').select('id').where('code', '=', code)
  if (exceptId) qb = qb.where('id', '<>', exceptId)
  return (await qb.executeTakeFirst()) !== undefined
}

/** The buyer's orders holding a use of the code (reserved or counted). */
export async function customerUses(db: Kysely<DB>, codeId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('discount_code_id', '=', codeId)
    .where('user_id', '=', userId)
    .where('discount_use', 'in', ['reserved', 'counted'])
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Takes one use of an active code if its limit allows, as one conditional update: on PostgreSQL the
 * row lock it takes makes concurrent checkouts wait for each other and re-check the limit; SQLite runs
 * write transactions one at a time. False when the code is used up (or was deactivated meanwhile).
 */
export async function takeUse(trx: Kysely<DB>, codeId: string): Promise<boolean> {
  const result = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Moves an order's use from `from` to `to`; false when it was not in `from` (nothing changes then). */
export async function moveOrderUse(
  trx: Kysely<DB>,
  orderId: string,
  from: readonly ('reserved' | 'returned')[],
  to: 'reserved' | 'counted' | 'returned',
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ discount_use: to })
    .where('id', '=', orderId)
    .where('discount_use', 'in', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Declined checkouts (`failed`) made before `before` that still hold a reserved use. */
export function declinedOrdersHoldingUses(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'failed')
    .where('discount_use', '=', 'reserved')
    .where('createdAt', '<', before.toISOString())
    .orderBy('createdAt')
    .limit(limit)
    .execute()
}

export function orderUse(trx: Kysely<DB>, orderId: string) {
  return trx
    .selectFrom('orders')
    .select(['discount_code_id', 'discount_use'])
    .where('id', '=', orderId)
    .executeTakeFirst()
}

/** Adds to a code's counters (negative to give a use back). */
export async function addToCounters(
  trx: Kysely<DB>,
  codeId: string,
  change: { uses: number; paid_uses: number },
): Promise<void> {
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', change.uses), paid_uses: eb('paid_uses', '+', change.paid_uses) }))
    .where('id', '=', codeId)
    .execute()
}
