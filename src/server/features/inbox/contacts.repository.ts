import { type Insertable, type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { ContactListQuery } from '../../../shared/contract/inbox-staff'
import type { ContactsTable, DB } from '../../db/schema'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'
import { EXCERPT_CHARS } from './quotes.repository'

// Named queries for contact messages: the public form's insert and the staff table's reads.

export function insertContact(db: Kysely<DB>, row: Insertable<ContactsTable>) {
  return db.insertInto('contacts').values(row).execute()
}

/** Contacts with the sender's full name (searchable as typed) and who resolved them. */
function contacts(db: Kysely<DB>) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('contacts')
        .selectAll()
        .select(sql<string>`trim(first_name || ' ' || last_name)`.as('full_name'))
        .as('c'),
    )
    .leftJoin('users as resolver', 'resolver.id', 'c.resolvedBy')
    .leftJoin('users as assignee', 'assignee.id', 'c.assignedTo')
}
type From =
  ReturnType<typeof contacts> extends SelectQueryBuilder<infer D, infer T, infer _O> ? [D, T] : never

const COMMON_FIELDS = [
  'c.id',
  'c.first_name',
  'c.last_name',
  'c.email',
  'c.subject',
  'c.status',
  'c.createdAt',
  'c.updatedAt',
  'c.resolvedAt',
  'c.resolvedBy',
  'resolver.name as resolvedByName',
  'c.assignedTo',
  'c.assignedAt',
  'assignee.name as assignedToName',
] as const

export const CONTACT_LIST_COLUMNS: ListColumns<From[0], From[1], ContactListQuery['sort']> = {
  searchColumns: ['c.full_name', 'c.email', 'c.subject'],
  sortColumns: {
    createdAt: 'c.createdAt',
    name: sql`lower(c.full_name)`,
    email: 'c.email',
    subject: sql`lower(c.subject)`,
    status: 'c.status',
    resolvedAt: 'c.resolvedAt',
  },
  idColumn: 'c.id',
}

/** The contacts matching the table's filters (not yet searched, sorted or paged), for the table. */
export function filteredContacts(db: Kysely<DB>, query: ContactListQuery, viewerId: string) {
  return applyFilters(
    contacts(db).select([
      ...COMMON_FIELDS,
      sql<string>`substr(c.message, 1, ${sql.lit(EXCERPT_CHARS)})`.as('excerpt'),
    ]),
    query,
    viewerId,
  )
}

/** The same rows with the whole message, for the CSV export. */
export function filteredContactsForExport(db: Kysely<DB>, query: ContactListQuery, viewerId: string) {
  return applyFilters(contacts(db).select([...COMMON_FIELDS, 'c.message', 'c.flag']), query, viewerId)
}

function applyFilters<Q extends ReturnType<typeof contacts>>(
  qb: Q,
  query: ContactListQuery,
  viewerId: string,
): Q {
  let out = qb
  if (query.assigned === 'me') out = out.where('c.assignedTo', '=', viewerId) as Q
  if (query.assigned === 'nobody') out = out.where('c.assignedTo', 'is', null) as Q
  if (query.status) out = out.where('c.status', '=', query.status) as Q
  if (query.from || query.to) out = out.where(dateRangeFilter('c.createdAt', query)) as Q
  return out
}

export function findContact(db: Kysely<DB>, id: string) {
  return contacts(db)
    .select([...COMMON_FIELDS, 'c.message', 'c.flag'])
    .where('c.id', '=', id)
    .executeTakeFirst()
}

export type ContactListRow = Awaited<
  ReturnType<ReturnType<typeof filteredContacts>['executeTakeFirstOrThrow']>
>
export type ContactRow = NonNullable<Awaited<ReturnType<typeof findContact>>>
