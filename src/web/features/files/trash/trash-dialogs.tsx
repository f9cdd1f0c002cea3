import { File, Folder } from 'lucide-react'
import type { ReactNode } from 'react'
import type { TrashEntry } from '../../../../shared/contract/files-responses'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogCloseFooter,
  DialogContent,
  DialogFooter,
} from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { formatBytes } from '../../../lib/format'
import { filesApi, useFilesMutation, useTrashEntry } from '../files-api'
import type { ParentTrashed } from './restore-choices'
import { TrashConfirmDialog } from './trash-toolbar'

/** A restore refused because the entry's folder is in the trash too: restore that folder as well, or pick another. */
export function RestoreConflictDialog({
  entry,
  choices,
  pending,
  onRestoreParent,
  onChooseFolder,
  onClose,
}: {
  entry: TrashEntry
  choices: ParentTrashed
  pending: boolean
  onRestoreParent: () => void
  onChooseFolder: () => void
  onClose: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Restore “${entry.filename}”`} description={choices.message}>
        <div className="flex flex-col gap-2">
          <Button loading={pending} onClick={onRestoreParent}>
            {choices.restoreParent}
          </Button>
          <Button variant="secondary" onClick={onChooseFolder}>
            {choices.chooseFolder}
          </Button>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Delete one entry for good, after asking. */
export function DeleteForGoodDialog({ entry, onClose }: { entry: TrashEntry; onClose: () => void }) {
  const remove = useFilesMutation((id: string) => filesApi.deleteForGood(id))
  return (
    <TrashConfirmDialog
      title={`Delete “${entry.filename}” for good?`}
      description="It cannot be restored afterwards."
      confirmLabel="Delete for good"
      mutation={remove}
      variables={entry.id}
      done={() => ({ title: `Deleted “${entry.filename}”` })}
      failure="Not deleted"
      onClose={onClose}
    />
  )
}

/** What a trashed folder holds (what went to the trash with it), as an indented tree. */
export function TrashContentsDialog({ entry, onClose }: { entry: TrashEntry; onClose: () => void }) {
  const contents = useTrashEntry(entry.id)
  const render = (parentId: string, depth: number): ReactNode[] => {
    const data = contents.data
    if (!data || depth > 30) return []
    return [
      ...data.folders
        .filter((f) => f.parent_id === parentId)
        .flatMap((f) => [
          <li key={f.id} style={{ paddingLeft: `${depth * 1.25}rem` }} className="flex items-center gap-2">
            <Folder aria-hidden="true" className="size-4 text-accent" /> {f.folder_name}
          </li>,
          ...render(f.id, depth + 1),
        ]),
      ...data.files
        .filter((f) => f.folder_id === parentId)
        .map((f) => (
          <li key={f.id} style={{ paddingLeft: `${depth * 1.25}rem` }} className="flex items-center gap-2">
            <File aria-hidden="true" className="size-4 text-fg-muted" /> {f.filename}
            <span className="text-fg-muted">{formatBytes(f.size)}</span>
          </li>
        )),
    ]
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`In “${entry.filename}”`} description="What went to the trash with this folder.">
        {contents.isPending ? (
          <Spinner label="Loading" />
        ) : contents.isError ? (
          <Alert variant="danger" title="Could not load">
            {errorMessage(contents.error)}
          </Alert>
        ) : (
          <ul aria-label={`Contents of ${entry.filename}`} className="flex flex-col gap-1 text-sm">
            {render(entry.item_id, 0)}
            {contents.data.folders.length + contents.data.files.length === 0 && <li>It was empty.</li>}
          </ul>
        )}
        <DialogCloseFooter />
      </DialogContent>
    </Dialog>
  )
}
