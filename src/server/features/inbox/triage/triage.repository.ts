import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'

// The statements quotes and contacts share: status changes, deletes and the retention purge. Both
// tables have the same triage columns (status, resolvedAt, resolvedBy, updatedAt, names, e-mail);
// Kysely types a statement for one table, so these are typed on `contacts` and run on either.

export type TriageTable = 'quote_requests' | 'contacts'
const typed = (table: TriageTable) => table as 'contacts'

/** The entries among `ids` that exist, with what a status change or a notification needs. */
export function entryHeads(db: Kysely<DB>, table: TriageTable, ids: readonly string[]) {
  return db
    .selectFrom(typed(table))
    .select(['id', 'status', 'first_name', 'last_name'])
    .where('id', 'in', ids)
    .execute()
}

/**
 * pending → resolved, recording who and when. Guarded by the status, so resolving twice (or two staff
 * at once) changes the row once. Returns the ids that changed.
 */
export async function markResolved(
  db: Kysely<DB>,
  table: TriageTable,
  ids: readonly string[],
  by: string | null,
  now: Date,
): Promise<string[]> {
  const stamp = now.toISOString()
  const rows = await db
    .updateTable(typed(table))
    .set({ status: 'resolved', resolvedAt: stamp, resolvedBy: by, updatedAt: stamp })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** resolved → pending (reopen): who and when are cleared. Returns the ids that changed. */
export async function markPending(
  db: Kysely<DB>,
  table: TriageTable,
  ids: readonly string[],
  now: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable(typed(table))
    .set({ status: 'pending', resolvedAt: null, resolvedBy: null, updatedAt: now.toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', 'resolved')
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/**
 * Queues the blobs of these entries' attachments for deletion (the rows go with the entries, by
 * cascade). Call it in the transaction that deletes the entries, so the blobs go exactly when they do.
 */
export async function releaseAttachmentBlobs(
  db: Kysely<DB>,
  table: TriageTable,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return
  const column = table === 'quote_requests' ? 'quote_id' : 'contact_id'
  const rows = await db.selectFrom('inbox_attachments').select('blob_key').where(column, 'in', ids).execute()
  await enqueueBlobDeletions(
    db,
    rows.map((r) => r.blob_key),
    now,
  )
}

export async function deleteEntries(db: Kysely<DB>, table: TriageTable, ids: readonly string[], now: Date) {
  await releaseAttachmentBlobs(db, table, ids, now)
  const rows = await db.deleteFrom(typed(table)).where('id', 'in', ids).returning('id').execute()
  return rows.map((r) => r.id)
}

/**
 * Up to `limit` resolved entries resolved before `cutoff`, deleted with their attachments' blobs queued
 * for deletion; returns how many.
 */
export async function purgeResolvedBatch(
  db: Kysely<DB>,
  table: TriageTable,
  cutoff: string,
  limit: number,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom(typed(table))
      .select('id')
      .where('status', '=', 'resolved')
      .where('resolvedAt', '<', cutoff)
      .limit(limit)
      .execute()
    const ids = due.map((r) => r.id)
    if (ids.length === 0) return 0
    await releaseAttachmentBlobs(trx, table, ids, now)
    const result = await trx.deleteFrom(typed(table)).where('id', 'in', ids).executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}
