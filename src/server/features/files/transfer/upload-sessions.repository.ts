import type { Insertable } from 'kysely'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'

// Named queries of resumable upload sessions (uploads.service.ts, upload-staging.ts,
// upload-cleanup.ts): the session row, its writer lease and its staged offset.

/** Inserts the session; answers the row as stored. */
export function insertUploadSession(db: Db, row: Insertable<DB['upload_sessions']>) {
  return db.insertInto('upload_sessions').values(row).returningAll().executeTakeFirstOrThrow()
}

/** The user's own session, expired or not. */
export function findUploadSession(db: Db, id: string, userId: string) {
  return db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Sessions past their expiry, with what removing their staged write needs. */
export function expiredUploadSessions(db: Db, now: Date) {
  return db
    .selectFrom('upload_sessions')
    .select(['id', 'length', 'blob_key', 'staged_bytes', 'staging_state'])
    .where('expiresAt', '<=', now.toISOString())
    .execute()
}

/**
 * Deletes the session, only while it expired by `expiredBy` when given. Answers whether it was
 * there to delete.
 */
export async function deleteUploadSession(db: Db, id: string, options: { expiredBy?: Date } = {}) {
  let query = db.deleteFrom('upload_sessions').where('id', '=', id)
  if (options.expiredBy) query = query.where('expiresAt', '<=', options.expiredBy.toISOString())
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export interface WriterLeaseRow {
  writer: string
  writer_instance: string
  writer_boot: string
  writer_until: string
}

/**
 * Takes the writer lease when free, lapsed, or void: held by an earlier boot of this same instance (a
 * request that died with it). Answers the session row as taken, or undefined when it was not.
 */
export function takeWriterLease(db: Db, id: string, lease: WriterLeaseRow, now: Date) {
  return db
    .updateTable('upload_sessions')
    .set(lease)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('writer', 'is', null),
        eb('writer_until', '<=', now.toISOString()),
        eb.and([
          eb('writer_instance', '=', lease.writer_instance),
          eb('writer_boot', '<>', lease.writer_boot),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst()
}

const NO_WRITER = { writer: null, writer_until: null, writer_instance: null, writer_boot: null }

export async function clearWriterLease(db: Db, id: string, token: string): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set(NO_WRITER)
    .where('id', '=', id)
    .where('writer', '=', token)
    .execute()
}

/** Gives back every lease this boot of the instance holds (a forced shutdown). Answers how many. */
export async function clearWriterLeasesOf(db: Db, instance: string, boot: string): Promise<number> {
  const result = await db
    .updateTable('upload_sessions')
    .set(NO_WRITER)
    .where('writer_instance', '=', instance)
    .where('writer_boot', '=', boot)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export async function extendWriterLease(db: Db, id: string, token: string, until: string): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ writer_until: until })
    .where('id', '=', id)
    .where('writer', '=', token)
    .execute()
}

/** Saves the staged write's new state, only while `token` holds the lease. Answers whether it did. */
export async function saveStagedState(
  db: Db,
  id: string,
  token: string,
  changes: { blob_key: string; staged_bytes: number; staging_state: string | null; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('upload_sessions')
    .set(changes)
    .where('id', '=', id)
    .where('writer', '=', token)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
