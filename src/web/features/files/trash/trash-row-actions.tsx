import type { TrashEntry } from '../../../../shared/contract/files-responses'
import { Button } from '../../../components/ui/button'

/** A trash entry's own actions, as its abilities allow: show a folder's contents, restore, delete for good. */
export function TrashRowActions({
  entry,
  restoring,
  onContents,
  onRestore,
  onDelete,
}: {
  entry: TrashEntry
  /** This entry's restore is under way. */
  restoring: boolean
  onContents: () => void
  onRestore: () => void
  onDelete: () => void
}) {
  return (
    <span className="flex flex-wrap gap-2">
      {entry.item_type === 'folder' && (
        <Button
          size="sm"
          variant="ghost"
          onClick={onContents}
          aria-label={`Show what ${entry.filename} holds`}
        >
          Contents
        </Button>
      )}
      {entry.abilities.restore && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Restore ${entry.filename}`}
          loading={restoring}
          onClick={onRestore}
        >
          Restore
        </Button>
      )}
      {entry.abilities.deletePermanently && (
        <Button size="sm" variant="ghost" aria-label={`Delete ${entry.filename} for good`} onClick={onDelete}>
          Delete for good
        </Button>
      )}
    </span>
  )
}
