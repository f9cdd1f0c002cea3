import {
  type Expression,
  type SelectQueryBuilder,
  type Simplify,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely'
import type { ListQuery, ListResponse } from '../../../shared/contract/list'
import { containsPattern } from './like-pattern'

/** A sort key's column, or an expression such as sql`lower(users.name)` for case-insensitive text. */
export type SortExpression<DB, TB extends keyof DB> = StringReference<DB, TB> | Expression<unknown>

/** How a table's public list query maps onto its columns. */
export interface ListColumns<DB, TB extends keyof DB, Sort extends string> {
  /** Searched with "contains, ignoring case" and OR-ed together. */
  searchColumns: readonly StringReference<DB, TB>[]
  /** Every sortable key of the contract must map to a column. */
  sortColumns: Record<Sort, SortExpression<DB, TB>>
  /** The unique tiebreaker that makes the order total; qualify it when joining (`users.id`). */
  idColumn: StringReference<DB, TB>
}

/** Keeps rows where any search column contains `q` (case-insensitive; `%` and `_` literal). */
export function applySearch<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  q: string | undefined,
  searchColumns: readonly StringReference<DB, TB>[],
): SelectQueryBuilder<DB, TB, O> {
  if (!q || searchColumns.length === 0) return qb
  const pattern = containsPattern(q)
  return qb.where((eb) =>
    eb.or(searchColumns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)),
  )
}

/**
 * Orders by the chosen key and then by id in the same direction, so the order is total: pages never
 * repeat or skip a row, and desc is exactly asc reversed. Nulls sort as the largest value on both
 * dialects (SQLite's default is the opposite of PostgreSQL's).
 */
export function applySort<DB, TB extends keyof DB, O, Sort extends string>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: Pick<ListQuery<Sort>, 'sort' | 'order'>,
  columns: Pick<ListColumns<DB, TB, Sort>, 'sortColumns' | 'idColumn'>,
): SelectQueryBuilder<DB, TB, O> {
  const key = columns.sortColumns[query.sort]
  const expression = typeof key === 'string' ? sql.ref(key) : key
  const asc = query.order === 'asc'
  return qb
    .orderBy(expression, (ob) => (asc ? ob.asc().nullsLast() : ob.desc().nullsFirst()))
    .orderBy(sql.ref(columns.idColumn), asc ? 'asc' : 'desc')
}

/**
 * The page query and the count query of one list request. `qb` carries the table's own filters
 * (status, date range) and must yield one row per item: the count replaces its select list with
 * count(*), so a GROUP BY or DISTINCT base query would be counted wrongly. `pageFromEnd` reads a
 * page in the opposite order: the `limit` rows that have `rowsAfter` rows after them in the list.
 */
export function applyListQuery<DB, TB extends keyof DB, O, Sort extends string>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery<Sort>,
  columns: ListColumns<DB, TB, Sort>,
): {
  pageQuery: SelectQueryBuilder<DB, TB, O>
  countQuery: SelectQueryBuilder<DB, TB, { total: number }>
  pageFromEnd: (rowsAfter: number, limit: number) => SelectQueryBuilder<DB, TB, O>
} {
  const searched = applySearch(qb, query.q, columns.searchColumns)
  // Kysely cannot simplify Selection<> over generic tables; the selected shape is exactly { total }.
  const countQuery = searched
    .clearSelect()
    .clearOrderBy()
    .clearLimit()
    .clearOffset()
    .select(sql<number>`count(*)`.as('total')) as unknown as SelectQueryBuilder<DB, TB, { total: number }>
  const pageQuery = applySort(searched, query, columns)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const reversed = { sort: query.sort, order: query.order === 'asc' ? ('desc' as const) : ('asc' as const) }
  const pageFromEnd = (rowsAfter: number, limit: number) =>
    applySort(searched, reversed, columns).limit(limit).offset(rowsAfter)
  return { pageQuery, countQuery, pageFromEnd }
}

export interface ListPageOptions {
  /**
   * The total without counting the rows: an unfiltered list's kept row count (row-counts.repository.ts). Leave
   * it out when the query has a search or a filter.
   */
  total?: () => Promise<number>
}

/**
 * Runs the count, then the page, and builds the response envelope. A page past the end is not an
 * error: it has no items and the real total, so the client can step back. A page in the second half
 * of the list is read from the far end in the opposite order and turned round, so the last page
 * costs what the first does (an OFFSET walks every row it skips).
 */
export async function fetchListPage<DB, TB extends keyof DB, O, Sort extends string>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery<Sort>,
  columns: ListColumns<DB, TB, Sort>,
  options: ListPageOptions = {},
): Promise<ListResponse<Simplify<O>>> {
  const { pageQuery, countQuery, pageFromEnd } = applyListQuery(qb, query, columns)
  // One after the other: in parallel they would hold two pool connections per list request.
  const total = options.total
    ? await options.total()
    : Number((await countQuery.executeTakeFirst())?.total ?? 0)
  const offset = (query.page - 1) * query.pageSize
  const rowsAfter = total - offset - query.pageSize
  let items: O[]
  if (offset >= total) items = []
  else if (rowsAfter < offset) {
    const limit = query.pageSize + Math.min(0, rowsAfter)
    items = (await pageFromEnd(Math.max(0, rowsAfter), limit).execute()).reverse()
  } else items = await pageQuery.execute()
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  }
}

/** True when a list query has no search and none of its table's filters: every row is listed. */
export function isUnfiltered(query: ListQuery & Record<string, unknown>): boolean {
  return Object.entries(query).every(
    ([key, value]) => value === undefined || ['page', 'pageSize', 'sort', 'order'].includes(key),
  )
}
