import type { RestoreInput } from '../../../../shared/contract/files'
import type { TrashEntry } from '../../../../shared/contract/files-responses'
import { FolderPickerDialog } from '../picker/folder-picker-dialog'
import { DeleteForGoodDialog, RestoreConflictDialog, TrashContentsDialog } from './trash-dialogs'
import type { TrashStep } from './trash-step'
import { EmptyMyTrashDialog, EmptyTrashDialog } from './trash-toolbar'

/**
 * The trash page's dialogs: a folder entry's contents, restoring an entry whose folder is trashed too
 * (restore that folder as well, or pick another), delete for good, and emptying the trash.
 */
export function TrashStepDialogs({
  step,
  superUser,
  restoring,
  onRestore,
  onChooseFolder,
  onClose,
}: {
  step: TrashStep
  superUser: boolean
  /** A restore is under way. */
  restoring: boolean
  onRestore: (entry: TrashEntry, input: RestoreInput) => void
  onChooseFolder: (entry: TrashEntry) => void
  onClose: () => void
}) {
  switch (step?.kind) {
    case 'open':
      return <TrashContentsDialog entry={step.entry} onClose={onClose} />
    case 'conflict':
      return (
        <RestoreConflictDialog
          entry={step.entry}
          choices={step.choices}
          pending={restoring}
          onRestoreParent={() => onRestore(step.entry, { restoreParent: true })}
          onChooseFolder={() => onChooseFolder(step.entry)}
          onClose={onClose}
        />
      )
    case 'pick':
      return (
        <FolderPickerDialog
          title={`Restore “${step.entry.filename}” to…`}
          confirmLabel="Restore to"
          superUser={superUser}
          onClose={onClose}
          onPick={(target) => onRestore(step.entry, { targetFolderId: target.id })}
        />
      )
    case 'delete':
      return <DeleteForGoodDialog entry={step.entry} onClose={onClose} />
    case 'emptyMine':
      return <EmptyMyTrashDialog onClose={onClose} />
    case 'empty':
      return <EmptyTrashDialog onClose={onClose} />
    default:
      return null
  }
}
