import type { Transaction } from 'kysely'
import type { PermissionType } from '../../../../shared/enums'
import type { Db } from '../../../db/db'
import type { DB } from '../../../db/schema'
import { newId } from '../../../lib/ids'

// Grants (folder_permissions): who holds which level directly on which folder. What a grant means
// for access is the folder rule's (policies/folders.policy.ts); this file only reads and writes rows.

/** Gives the user `level` on the folder: changes their grant there, or adds one. */
export async function grant(
  trx: Transaction<DB>,
  folderId: string,
  userId: string,
  level: PermissionType,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString()
  const existing = await directGrant(trx, folderId, userId)
  if (existing) {
    await trx
      .updateTable('folder_permissions')
      .set({ permissionType: level, updatedAt: stamp })
      .where('id', '=', existing.id)
      .execute()
  } else {
    await trx
      .insertInto('folder_permissions')
      .values({
        id: newId(now.getTime()),
        folder_id: folderId,
        user_id: userId,
        permissionType: level,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute()
  }
}

/** The user's grant on the folder itself, if any. */
export function directGrant(db: Db, folderId: string, userId: string) {
  return db
    .selectFrom('folder_permissions')
    .select(['id', 'permissionType'])
    .where('folder_id', '=', folderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Everyone's grants on the given folders. */
export function grantsOnFolders(db: Db, folderIds: readonly string[]) {
  return db
    .selectFrom('folder_permissions')
    .select(['folder_id', 'user_id', 'permissionType'])
    .where('folder_id', 'in', folderIds)
    .execute()
}

/** How many hold administrator directly on the folder. */
export async function administratorCount(db: Db, folderId: string): Promise<number> {
  const row = await db
    .selectFrom('folder_permissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('folder_id', '=', folderId)
    .where('permissionType', '=', 'administrator')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function deleteGrant(db: Db, grantId: string): Promise<void> {
  await db.deleteFrom('folder_permissions').where('id', '=', grantId).execute()
}
