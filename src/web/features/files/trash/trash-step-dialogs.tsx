import type { TrashEntry } from '../../../../shared/contract/files-responses'
import { FolderPickerDialog } from '../picker/folder-picker-dialog'
import type { ParentTrashed } from './restore-choices'
import { DeleteForGoodDialog, RestoreConflictDialog, TrashContentsDialog } from './trash-dialogs'
import { EmptyMyTrashDialog, EmptyTrashDialog } from './trash-toolbar'
import type { RestoreInput } from './use-trash-restore'

/** The dialog the trash page has open, if any. */
export type TrashStep =
  | { kind: 'open'; entry: TrashEntry }
  | { kind: 'conflict'; entry: TrashEntry; choices: ParentTrashed }
  | { kind: 'pick'; entry: TrashEntry }
  | { kind: 'delete'; entry: TrashEntry }
  | { kind: 'empty' }
  | { kind: 'emptyMine' }
  | null

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
