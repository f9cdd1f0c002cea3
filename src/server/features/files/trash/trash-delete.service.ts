import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { keysetBatches } from '../../../lib/list-query/query-batches'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import { canDeleteTrashEntry } from '../../../policies/files.policy'
import { isFolderSuperUser } from '../../../policies/folders.policy'
import { notifyItem } from '../items/file-notify'
import { folderName } from '../items/folders.repository'
import { deleteGroup, TrashEntryGone } from './trash.repository'
import { TRASH_LIST_COLUMNS, visibleEntries } from './trash-entries.repository'
import { NO_ENTRY, rowFacts, trashScope, visibleEntry } from './trash-entry-access'
import { deleteEntryGroup, purgeEntries } from './trash-purge'

// Deleting trash entries for good (docs/decisions/0026): one entry, the caller's own, or everything.

export async function deleteEntry(deps: AppDeps, who: SignedInCaller, entryId: string) {
  const { entry, facts } = await visibleEntry(deps, who, entryId)
  if (!canDeleteTrashEntry(who, facts))
    throw problems.forbidden('Only administrators of the folder can delete items for good.')
  const now = deps.clock()
  await goneIsNotFound(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const keys = await deleteGroup(trx, entry)
      await enqueueBlobDeletions(trx, keys, now)
      const notifyFolder = entry.folder_id && (await folderName(trx, entry.folder_id))
      if (notifyFolder) {
        await notifyItem(
          trx,
          who,
          {
            type: entry.item_type,
            action: 'deleted',
            mainItem: entry.filename,
            subItem: entry.folder_name,
            folderId: entry.folder_id!,
          },
          now,
        )
      }
    }),
  )
  return { id: entry.id, deleted: true as const }
}

/** A restore or another deletion of the entry came first: there is nothing here to delete. */
async function goneIsNotFound(run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (error instanceof TrashEntryGone) throw problems.notFound(NO_ENTRY)
    throw error
  }
}

/**
 * "Empty my trash", for everyone: the entries the caller trashed, for good, each group in its own
 * transaction with the event loop free between batches. Entries they may not delete for good (an
 * editor's own deletions: product.md §2 keeps deleting for good to administrators) stay, counted.
 */
export async function emptyMyTrash(deps: AppDeps, who: SignedInCaller) {
  const db = deps.database.db
  const scope = trashScope(who)
  const query = { sort: 'deletedAt', order: 'asc', mine: 'true' } as const
  const now = deps.clock()
  let deleted = 0
  let kept = 0
  for await (const row of keysetBatches(
    deps.database.dialect,
    visibleEntries(db, scope, query),
    query,
    TRASH_LIST_COLUMNS,
    { batchSize: 50 },
  )) {
    if (!canDeleteTrashEntry(who, rowFacts(row))) {
      kept++
      continue
    }
    if (await deleteEntryGroup(db, row, now)) deleted++
  }
  return { deleted, kept }
}

/** Super users: every entry, for good. */
export async function emptyTrash(deps: AppDeps, who: SignedInCaller) {
  if (!isFolderSuperUser(who))
    throw problems.forbidden('Only administrators and folder managers can empty the trash.')
  const deleted = await purgeEntries(deps, deps.clock(), null)
  return { deleted }
}
