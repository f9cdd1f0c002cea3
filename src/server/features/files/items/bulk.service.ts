import type { ItemRef, OnConflict } from '../../../../shared/contract/files'
import type { BulkItemResult } from '../../../../shared/contract/files-responses'
import type { NotificationAction } from '../../../../shared/enums'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { prepareTrash, trashPrepared } from '../trash/trash.service'
import { copyItem } from './copy.service'
import { notifyItem } from './file-notify'
import { type ItemOutcome, moveItem } from './move.service'

// Bulk actions on a selection: each item on its own (one may fail while the others succeed), with a
// per-item result, and ONE notification for the whole action ("moved 12 items to Reports").

async function each(
  deps: AppDeps,
  who: SignedInCaller,
  items: readonly ItemRef[],
  action: NotificationAction,
  run: (ref: ItemRef) => Promise<ItemOutcome>,
) {
  const results: BulkItemResult[] = []
  const done: ItemOutcome[] = []
  for (const ref of items) {
    try {
      const outcome = await run(ref)
      if (outcome.skipped) {
        results.push({ type: ref.type, id: ref.id, status: 'skipped', httpStatus: 200 })
        continue
      }
      done.push(outcome)
      results.push({
        type: ref.type,
        id: ref.id,
        status: 'ok',
        httpStatus: 200,
        result: { type: outcome.type, id: outcome.id, name: outcome.name },
        ...(outcome.trashEntryId ? { trashEntryId: outcome.trashEntryId } : {}),
      })
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error
      results.push({
        type: ref.type,
        id: ref.id,
        status: 'failed',
        httpStatus: error.status,
        code: error.code,
        detail: error.detail,
      })
    }
  }
  const first = done[0]
  if (first) {
    const now = deps.clock()
    const count = done.reduce((sum, o) => sum + o.items, 0)
    const onlyFiles = done.every((o) => o.type === 'file')
    await deps.database.db.transaction().execute((trx) =>
      notifyItem(
        trx,
        who,
        {
          type: onlyFiles ? 'file' : 'folder',
          action,
          mainItem: done.length === 1 ? first.name : `${done.length} items`,
          subItem: first.folderName,
          count: done.length,
          contents: count - done.length,
          folderId: first.folderId,
          fileId: done.length === 1 && first.type === 'file' ? first.id : undefined,
        },
        now,
      ),
    )
  }
  return {
    results,
    succeeded: results.filter((r) => r.status === 'ok').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
    failed: results.filter((r) => r.status === 'failed').length,
  }
}

export function bulkMove(
  deps: AppDeps,
  who: SignedInCaller,
  input: { items: ItemRef[]; targetFolderId: string; onConflict?: OnConflict },
) {
  return each(deps, who, input.items, 'moved', (ref) =>
    moveItem(deps, who, ref, input.targetFolderId, input.onConflict, false),
  )
}

export function bulkCopy(
  deps: AppDeps,
  who: SignedInCaller,
  input: { items: ItemRef[]; targetFolderId: string },
) {
  return each(deps, who, input.items, 'copied', (ref) =>
    copyItem(deps, who, ref, input.targetFolderId, false),
  )
}

export function bulkTrash(deps: AppDeps, who: SignedInCaller, input: { items: ItemRef[] }) {
  return each(deps, who, input.items, 'trashed', async (ref) => {
    const prepared = await prepareTrash(deps, who, ref)
    const outcome = await deps.database.db
      .transaction()
      .execute((trx) => trashPrepared(trx, who, prepared, deps.clock()))
    return {
      type: ref.type,
      id: ref.id,
      name: outcome.name,
      folderId: outcome.folderId,
      folderName: outcome.folderName ?? outcome.name,
      items: outcome.count,
      trashEntryId: outcome.entryId,
    }
  })
}
