import type { Kysely } from 'kysely'
import type { EbookListQuery } from '../../../shared/contract/inbox-staff'
import type { DB } from '../../db/schema'
import { newId } from '../../lib/ids'
import type { ListColumns } from '../../lib/list-query/apply-list-query'
import { dateRangeFilter } from '../../lib/list-query/date-range'

// Named queries for the e-book list: one row per address (stored trimmed and lower-case, with a
// unique lower(email) index as the backstop).

const FIELDS = [
  'ebook_requests.id',
  'ebook_requests.email',
  'ebook_requests.source',
  'ebook_requests.createdAt',
  'ebook_requests.updatedAt',
  'ebook_requests.confirmedAt',
  'ebook_requests.unsubscribedAt',
] as const

export const EBOOK_LIST_COLUMNS: ListColumns<DB, 'ebook_requests', EbookListQuery['sort']> = {
  searchColumns: ['ebook_requests.email', 'ebook_requests.source'],
  sortColumns: {
    createdAt: 'ebook_requests.createdAt',
    email: 'ebook_requests.email',
    confirmedAt: 'ebook_requests.confirmedAt',
    source: 'ebook_requests.source',
  },
  idColumn: 'ebook_requests.id',
}

/** The rows matching the table's filters (not yet searched, sorted or paged). */
export function filteredEbookRequests(db: Kysely<DB>, query: EbookListQuery) {
  let qb = db.selectFrom('ebook_requests').select(FIELDS)
  if (query.status === 'unconfirmed')
    qb = qb.where('confirmedAt', 'is', null).where('unsubscribedAt', 'is', null)
  if (query.status === 'subscribed')
    qb = qb.where('confirmedAt', 'is not', null).where('unsubscribedAt', 'is', null)
  if (query.status === 'unsubscribed') qb = qb.where('unsubscribedAt', 'is not', null)
  if (query.from || query.to) qb = qb.where(dateRangeFilter('ebook_requests.createdAt', query))
  return qb
}

/** Of those, the addresses a mailing tool may write to: confirmed and still subscribed. */
export function mailableEbookRequests(db: Kysely<DB>, query: EbookListQuery) {
  return filteredEbookRequests(db, query)
    .where('confirmedAt', 'is not', null)
    .where('unsubscribedAt', 'is', null)
}

export type EbookRow = Awaited<
  ReturnType<ReturnType<typeof filteredEbookRequests>['executeTakeFirstOrThrow']>
>

export function findEbookRequest(db: Kysely<DB>, id: string) {
  return db.selectFrom('ebook_requests').select(FIELDS).where('id', '=', id).executeTakeFirst()
}

/**
 * The row for an address, made on its first request. A repeat (or two at once) finds the same row:
 * the insert does nothing on the unique index and the select reads whichever row won.
 */
export async function upsertEbookRequest(
  db: Kysely<DB>,
  input: { email: string; source: string; now: Date },
): Promise<EbookRow> {
  const stamp = input.now.toISOString()
  await db
    .insertInto('ebook_requests')
    .values({
      id: newId(input.now.getTime()),
      email: input.email,
      source: input.source,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const row = await db
    .selectFrom('ebook_requests')
    .select(FIELDS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email))
    .executeTakeFirstOrThrow()
  if (row.updatedAt !== stamp) {
    await db.updateTable('ebook_requests').set({ updatedAt: stamp }).where('id', '=', row.id).execute()
  }
  return { ...row, updatedAt: stamp }
}

/**
 * Confirms the address (double opt-in) and puts it back on the list if it had unsubscribed. Already
 * confirmed and subscribed: nothing changes, so the opt-in date stays the first one.
 */
export async function confirmEbookRequest(db: Kysely<DB>, id: string, now: Date): Promise<void> {
  const stamp = now.toISOString()
  await db
    .updateTable('ebook_requests')
    .set({ confirmedAt: stamp, unsubscribedAt: null, updatedAt: stamp })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('confirmedAt', 'is', null), eb('unsubscribedAt', 'is not', null)]))
    .execute()
}

/** Takes the address off the list; a second unsubscribe changes nothing. */
export async function unsubscribeEbookRequest(db: Kysely<DB>, id: string, now: Date): Promise<void> {
  const stamp = now.toISOString()
  await db
    .updateTable('ebook_requests')
    .set({ unsubscribedAt: stamp, updatedAt: stamp })
    .where('id', '=', id)
    .where('unsubscribedAt', 'is', null)
    .execute()
}

export async function deleteEbookRequests(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
  const rows = await db.deleteFrom('ebook_requests').where('id', 'in', ids).returning('id').execute()
  return rows.map((r) => r.id)
}

/** The file offered as the e-book, unless it is gone or in the trash. */
export function findEbookFile(db: Kysely<DB>, fileId: string) {
  return db
    .selectFrom('files')
    .select(['path', 'size', 'sha256', 'filename', 'mimetype'])
    .where('id', '=', fileId)
    .where('isTrashed', '=', false)
    .executeTakeFirst()
}
