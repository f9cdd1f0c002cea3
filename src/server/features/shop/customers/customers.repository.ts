import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { CustomerListQuery } from '../../../../shared/contract/shop/customers'
import type { OrderStatus } from '../../../../shared/enums'
import type { DB } from '../../../db/schema'
import type { ListColumns } from '../../../lib/list-query/apply-list-query'

// The shop's customers: one row per user who has paid for at least one order, with their figures
// computed in SQL so the table pages, sorts and searches on them (docs/product-notes.md, staff data).

/** Orders whose money arrived: paid, being refunded, or refunded since. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'refund_pending', 'refunded']

function customerFigures(db: Kysely<DB>, currency: string) {
  return db.selectFrom('users as u').select((eb) => {
    const paid = () =>
      eb
        .selectFrom('orders as o')
        .whereRef('o.user_id', '=', 'u.id')
        .where('o.status', 'in', PAID_STATUSES)
        .where('o.currency', '=', currency)
    return [
      'u.id',
      'u.name',
      'u.email',
      'u.account_type',
      'u.business_name',
      'u.createdAt as customer_since',
      paid().select(sql<number>`count(*)`.as('n')).as('order_count'),
      paid().select(sql<number>`coalesce(sum(o.total), 0)`.as('n')).as('paid_total'),
      paid().select(sql<string>`max(o."createdAt")`.as('n')).as('last_order_at'),
      eb
        .selectFrom('refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .whereRef('o.user_id', '=', 'u.id')
        .where('o.status', 'in', PAID_STATUSES)
        .where('o.currency', '=', currency)
        .where('r.status', '=', 'processed')
        .select(sql<number>`coalesce(sum(r.amount), 0)`.as('n'))
        .as('refunded'),
    ]
  })
}

function withSpending(db: Kysely<DB>, currency: string) {
  return db
    .selectFrom(customerFigures(db, currency).as('c'))
    .selectAll('c')
    .select(sql<number>`c.paid_total - c.refunded`.as('total_spent'))
}

/** Customers (people with a paid order) in the shop currency, not yet searched, sorted or paged. */
export function filteredCustomers(db: Kysely<DB>, currency: string, query: Partial<CustomerListQuery>) {
  let qb = withSpending(db, currency).where('c.order_count', '>', 0)
  if (query.account_type) qb = qb.where('c.account_type', '=', query.account_type)
  return qb
}
/**
 * One buyer's figures: anyone who placed an order, paid or not, so every order's buyer has a page
 * (with no paid orders their figures are zero).
 */
export function findBuyer(db: Kysely<DB>, currency: string, id: string) {
  return withSpending(db, currency)
    .where('c.id', '=', id)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('orders as o').select('o.id').where('o.user_id', '=', id)),
    )
    .executeTakeFirst()
}

type From =
  ReturnType<typeof filteredCustomers> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never
export type CustomerRow = Awaited<ReturnType<ReturnType<typeof filteredCustomers>['execute']>>[number]

export const CUSTOMER_LIST_COLUMNS: ListColumns<From[0], From[1], CustomerListQuery['sort']> = {
  searchColumns: ['c.name', 'c.email', 'c.business_name'],
  sortColumns: {
    name: sql`lower(c.name)`,
    email: sql`lower(c.email)`,
    order_count: 'c.order_count',
    total_spent: sql`c.paid_total - c.refunded`,
    last_order_at: 'c.last_order_at',
  },
  idColumn: 'c.id',
}
