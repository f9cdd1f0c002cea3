import type { Db } from '../../../db/db'

// Who holds grants on a folder's chain, with what the access list shows of them.

/** Every grant on the given folders, with the holder's name, e-mail and standing and the folder's name. */
export function grantHolders(db: Db, folderIds: readonly string[]) {
  return db
    .selectFrom('folder_permissions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('folders as f', 'f.id', 'p.folder_id')
    .select([
      'p.user_id',
      'p.folder_id',
      'p.permissionType',
      'u.name',
      'u.email',
      'u.role',
      'u.staffFunctions',
      'u.isRestricted',
      'f.folder_name',
    ])
    .where('p.folder_id', 'in', folderIds)
    .execute()
}
