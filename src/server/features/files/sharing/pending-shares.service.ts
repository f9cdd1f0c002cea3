import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { canOnFolder } from '../../../policies/folders.policy'
import { actingUser } from '../access/acting-user'
import { actingUserRow } from '../access/acting-user.repository'
import { loadFolderAccess } from '../access/folder-access.repository'
import { grant } from '../access/folder-grants.repository'
import { readableFolder } from '../access/item-access'
import { findFolder } from '../access/item-rows.repository'
import { notifyItem } from '../items/file-notify'
import {
  deletePendingShare,
  deletePendingSharesForEmail,
  pendingSharesForEmail,
} from './pending-shares.repository'

// Folders shared with an address before it had an account (docs/decisions/0123). When an account with
// that address confirms it, each share becomes a grant, if the person who shared it may still share
// that folder; then the pending shares for the address are gone, used or not.

/** Turns the address's pending shares into grants, inside the transaction that confirms the address. */
export async function claimPendingShares(
  trx: Transaction<DB>,
  user: { id: string; email: string },
  now: Date,
): Promise<number> {
  const pending = await pendingSharesForEmail(trx, user.email)
  let granted = 0
  for (const share of pending) {
    const sharerRow = share.invited_by ? await actingUserRow(trx, share.invited_by) : undefined
    if (!sharerRow || sharerRow.isRestricted || sharerRow.id === user.id) continue
    const sharer = actingUser(sharerRow)
    const folder = await findFolder(trx, share.folder_id)
    const access = folder && !folder.isTrashed ? await loadFolderAccess(trx, sharer, folder.id) : null
    if (!folder || !access || !canOnFolder(access, 'managePermissions')) continue
    await grant(trx, folder.id, user.id, share.permissionType, now)
    await notifyItem(
      trx,
      sharer,
      {
        type: 'folder',
        action: 'updated',
        mainItem: folder.folder_name,
        subItem: share.permissionType,
        folderId: folder.id,
        forUsers: [user.id],
      },
      now,
    )
    granted++
  }
  if (pending.length > 0) await deletePendingSharesForEmail(trx, user.email)
  return granted
}

/** Takes back a share with an address that has not been claimed yet. */
export async function cancelPendingShare(deps: AppDeps, who: SignedInCaller, folderId: string, id: string) {
  const { access } = await readableFolder(deps.database.db, who, folderId)
  if (!canOnFolder(access, 'managePermissions'))
    throw problems.forbidden('Only administrators of this folder can change who it is shared with.')
  if (!(await deletePendingShare(deps.database.db, folderId, id)))
    throw problems.notFound('This invitation was already used or taken back.')
  return { cancelled: true as const }
}
