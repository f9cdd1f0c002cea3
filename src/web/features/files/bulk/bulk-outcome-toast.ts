import type { BulkItemResult } from '../../../../shared/contract/files-responses'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { filesApi } from '../files-api'
import { type BulkSummary, summaryText } from './bulk-results'

/**
 * Says what a bulk action did. When it trashed something the toast stays longer and offers Undo, which
 * restores the trash entries the items became and then calls `onUndone`.
 */
export function toastBulkOutcome(
  verb: string,
  summary: BulkSummary,
  results: BulkItemResult[],
  onUndone: () => void,
) {
  const trashed = results.flatMap((r) => (r.status === 'ok' && r.trashEntryId ? [r.trashEntryId] : []))
  toast({
    title: summaryText(verb, summary),
    variant: summary.failed ? 'danger' : 'success',
    ...(trashed.length > 0 && {
      duration: 10_000,
      action: {
        label: 'Undo',
        altText: 'Restore them from the trash',
        onClick: () => void undoTrash(trashed, onUndone),
      },
    }),
  })
}

async function undoTrash(entryIds: string[], onUndone: () => void) {
  const outcomes = await Promise.allSettled(entryIds.map((id) => filesApi.restore(id)))
  const failed = outcomes.filter((o) => o.status === 'rejected')
  if (failed.length === 0) toast({ title: 'Restored', variant: 'success' })
  else
    toast({
      title: `${failed.length} of ${entryIds.length} could not be restored`,
      description: `${errorMessage(failed[0]!.reason)} They are still in the trash.`,
      variant: 'danger',
    })
  onUndone()
}
