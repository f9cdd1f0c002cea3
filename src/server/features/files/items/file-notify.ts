import type { Transaction } from 'kysely'
import type { NotificationAction } from '../../../../shared/enums'
import type { DB } from '../../../db/schema'
import type { SignedInCaller } from '../../../lib/http/caller'
import { notify } from '../../notifications/notify'

// One notification per user action on folders and files (product.md §5), for everyone who can see the
// folder (decided when read). Recorded in the action's transaction.

export async function notifyItem(
  trx: Transaction<DB>,
  who: SignedInCaller,
  input: {
    type: 'folder' | 'file'
    action: NotificationAction
    mainItem: string
    subItem?: string | null
    /** How many things the action covered (a bulk selection); default 1. */
    count?: number
    /** How many items those things held: a folder's files and subfolders, itself not counted. */
    contents?: number
    folderId: string
    fileId?: string
    forUsers?: readonly string[]
  },
  now: Date,
): Promise<void> {
  await notify(
    trx,
    {
      type: input.type,
      action: input.action,
      actor: { id: who.id, name: who.name },
      mainItem: input.mainItem,
      subItem: input.subItem ?? null,
      count: input.count ?? 1,
      contents: input.contents ?? 0,
      audience: input.forUsers ? { forUsers: input.forUsers } : { forAll: true },
      refs: { folder_id: input.folderId, ...(input.fileId ? { file_id: input.fileId } : {}) },
    },
    now,
  )
}
