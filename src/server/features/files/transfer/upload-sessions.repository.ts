import type { DB } from '../../../db/schema'
import type { Db } from '../items/names.repository'

// Uploads under way (upload_sessions): one row per tus upload from creation until it completes, is
// cancelled or expires. Its declared length counts towards the uploader's quota while it lives.

export type UploadSession = DB['upload_sessions']

export async function insertUploadSession(db: Db, row: UploadSession): Promise<void> {
  await db.insertInto('upload_sessions').values(row).execute()
}

/** The user's upload session, if it exists (expired or not). */
export function findUploadSession(db: Db, id: string, userId: string): Promise<UploadSession | undefined> {
  return db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function extendUploadSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('upload_sessions').set({ expiresAt }).where('id', '=', id).execute()
}

export async function deleteUploadSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('upload_sessions').where('id', '=', id).execute()
}

/** The ids of sessions expired at `now`. */
export async function expiredUploadSessionIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('upload_sessions')
    .select('id')
    .where('expiresAt', '<=', now.toISOString())
    .execute()
  return rows.map((r) => r.id)
}

/** Which of these ids have a session row. */
export async function existingUploadSessionIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('upload_sessions').select('id').where('id', 'in', ids).execute()
  return new Set(rows.map((r) => r.id))
}
