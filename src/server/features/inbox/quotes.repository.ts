import { type Insertable, type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { QuoteListQuery } from '../../../shared/contract/inbox-staff'
import type { DB, QuoteRequestsTable } from '../../db/schema'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'

// Named queries for quote requests: the public form's insert and the staff table's reads.

export function insertQuote(db: Kysely<DB>, row: Insertable<QuoteRequestsTable>) {
  return db.insertInto('quote_requests').values(row).execute()
}

/**
 * Quotes with the sender's full name (so "Ada Lovelace" finds Ada Lovelace) and who resolved them.
 * A derived table rather than a view: both dialects flatten it into one plain query.
 */
function quotes(db: Kysely<DB>) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('quote_requests')
        .selectAll()
        .select(sql<string>`trim(first_name || ' ' || last_name)`.as('full_name'))
        .as('q'),
    )
    .leftJoin('users as resolver', 'resolver.id', 'q.resolvedBy')
    .leftJoin('users as assignee', 'assignee.id', 'q.assignedTo')
}
type From = ReturnType<typeof quotes> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never

const COMMON_FIELDS = [
  'q.id',
  'q.first_name',
  'q.last_name',
  'q.business_name',
  'q.industry',
  'q.email',
  'q.phone',
  'q.service',
  'q.status',
  'q.createdAt',
  'q.updatedAt',
  'q.resolvedAt',
  'q.resolvedBy',
  'resolver.name as resolvedByName',
  'q.assignedTo',
  'q.assignedAt',
  'assignee.name as assignedToName',
] as const

export const EXCERPT_CHARS = 140

export const QUOTE_LIST_COLUMNS: ListColumns<From[0], From[1], QuoteListQuery['sort']> = {
  searchColumns: ['q.full_name', 'q.email', 'q.business_name', 'q.service'],
  sortColumns: {
    createdAt: 'q.createdAt',
    name: sql`lower(q.full_name)`,
    email: 'q.email',
    business_name: sql`lower(q.business_name)`,
    service: 'q.service',
    status: 'q.status',
    resolvedAt: 'q.resolvedAt',
  },
  idColumn: 'q.id',
}

/** The quotes matching the table's filters (not yet searched, sorted or paged), for the table. */
export function filteredQuotes(db: Kysely<DB>, query: QuoteListQuery, viewerId: string) {
  return applyFilters(
    quotes(db).select([
      ...COMMON_FIELDS,
      sql<string>`substr(q.message, 1, ${sql.lit(EXCERPT_CHARS)})`.as('excerpt'),
    ]),
    query,
    viewerId,
  )
}

/** The same rows with the whole message, for the CSV export. */
export function filteredQuotesForExport(db: Kysely<DB>, query: QuoteListQuery, viewerId: string) {
  return applyFilters(quotes(db).select([...COMMON_FIELDS, 'q.message']), query, viewerId)
}

function applyFilters<Q extends ReturnType<typeof quotes>>(
  qb: Q,
  query: QuoteListQuery,
  viewerId: string,
): Q {
  let out = qb
  if (query.assigned === 'me') out = out.where('q.assignedTo', '=', viewerId) as Q
  if (query.assigned === 'nobody') out = out.where('q.assignedTo', 'is', null) as Q
  if (query.status) out = out.where('q.status', '=', query.status) as Q
  if (query.from || query.to) out = out.where(dateRangeFilter('q.createdAt', query)) as Q
  return out
}

export function findQuote(db: Kysely<DB>, id: string) {
  return quotes(db)
    .select([...COMMON_FIELDS, 'q.message'])
    .where('q.id', '=', id)
    .executeTakeFirst()
}

export type QuoteListRow = Awaited<ReturnType<ReturnType<typeof filteredQuotes>['executeTakeFirstOrThrow']>>
export type QuoteRow = NonNullable<Awaited<ReturnType<typeof findQuote>>>
