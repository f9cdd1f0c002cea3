import type { Insertable } from 'kysely'
import type { Db } from '../../../db/db'
import type { PendingSharesTable } from '../../../db/schema/files'

// Folders shared with an address no account has yet (docs/decisions/0123).

/** Keeps the latest share of this folder with this address: its level, sharer and message. */
export async function upsertPendingShare(db: Db, row: Insertable<PendingSharesTable>): Promise<void> {
  await db
    .insertInto('pending_shares')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['folder_id', 'email']).doUpdateSet({
        permissionType: row.permissionType,
        invited_by: row.invited_by,
        message: row.message,
        created_at: row.created_at,
      }),
    )
    .execute()
}

export function pendingSharesOfFolder(db: Db, folderId: string) {
  return db
    .selectFrom('pending_shares')
    .select(['id', 'email', 'permissionType', 'created_at'])
    .where('folder_id', '=', folderId)
    .orderBy('email')
    .execute()
}

export function pendingSharesForEmail(db: Db, email: string) {
  return db
    .selectFrom('pending_shares')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at')
    .execute()
}

/** Deletes one of a folder's pending shares; false when there was none. */
export async function deletePendingShare(db: Db, folderId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pending_shares')
    .where('id', '=', id)
    .where('folder_id', '=', folderId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function deletePendingSharesForEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom('pending_shares').where('email', '=', email).execute()
}
