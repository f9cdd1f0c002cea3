import type { ItemRef, ItemType } from '../../../../shared/contract/files'
import type { BulkItemResult } from '../../../../shared/contract/files-responses'
import { FolderPickerDialog } from '../picker/folder-picker-dialog'
import { BulkResultsDialog, ConflictDialog } from './bulk-dialogs'
import type { BulkSummary, ConflictChoice } from './bulk-results'

type Target = { id: string; folder_name: string }

/** Where a move, copy or trash of several items stands: a folder to pick, names taken, or failures to list. */
export type BulkStep =
  | { kind: 'pick'; verb: 'move' | 'copy'; items: ItemRef[] }
  | {
      kind: 'conflict'
      items: ItemRef[]
      target: Target
      earlier: BulkItemResult[]
    }
  | { kind: 'results'; title: string; summary: BulkSummary }

export type BulkConflict = Extract<BulkStep, { kind: 'conflict' }>

/** The dialog of a bulk step: the folder picker, the rename / replace / skip question, or the failures. */
export function BulkStepDialog({
  step,
  nameOf,
  superUser,
  onClose,
  onMove,
  onMoveToTop,
  onCopy,
  onSkipConflicts,
  onSettleConflicts,
}: {
  step: BulkStep
  nameOf: (type: ItemType, id: string) => string
  superUser: boolean
  onClose: () => void
  onMove: (items: ItemRef[], target: Target) => void
  onMoveToTop: (items: ItemRef[]) => void
  onCopy: (items: ItemRef[], target: Target) => void
  onSkipConflicts: (step: BulkConflict) => void
  onSettleConflicts: (step: BulkConflict, choice: ConflictChoice) => Promise<void>
}) {
  switch (step.kind) {
    case 'pick':
      return (
        <FolderPickerDialog
          title={step.verb === 'move' ? 'Move to…' : 'Copy to…'}
          confirmLabel={step.verb === 'move' ? 'Move to' : 'Copy to'}
          superUser={superUser}
          excludeIds={new Set(step.items.filter((i) => i.type === 'folder').map((i) => i.id))}
          onClose={onClose}
          onPickTop={
            step.verb === 'move' && step.items.every((i) => i.type === 'folder')
              ? () => onMoveToTop(step.items)
              : undefined
          }
          onPick={(target) =>
            step.verb === 'move' ? onMove(step.items, target) : onCopy(step.items, target)
          }
        />
      )
    case 'conflict':
      return (
        <ConflictDialog
          names={step.items.map((i) => nameOf(i.type, i.id))}
          target={step.target.folder_name}
          onClose={() => onSkipConflicts(step)}
          onChoose={(choice) => onSettleConflicts(step, choice)}
        />
      )
    case 'results':
      return <BulkResultsDialog title={step.title} summary={step.summary} onClose={onClose} />
  }
}
