import type { Insertable } from 'kysely'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'

// Named queries of resumable upload sessions (uploads.service.ts, upload-staging.ts,
// upload-cleanup.ts): the session row, its writer lease and its staged offset.

export async function insertUploadSession(db: Db, row: Insertable<DB['upload_sessions']>): Promise<void> {
  await db.insertInto('upload_sessions').values(row).execute()
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

/** Takes the writer lease when free or lapsed. Answers whether it was taken. */
export async function takeWriterLease(db: Db, id: string, token: string, until: string, now: Date) {
  const result = await db
    .updateTable('upload_sessions')
    .set({ writer: token, writer_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('writer', 'is', null), eb('writer_until', '<=', now.toISOString())]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function clearWriterLease(db: Db, id: string, token: string): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ writer: null, writer_until: null })
    .where('id', '=', id)
    .where('writer', '=', token)
    .execute()
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
