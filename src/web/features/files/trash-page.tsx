import { File, Folder, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { RestoreResult, TrashEntry } from '../../../shared/contract/files-responses'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { formatBytes } from '../../lib/format'
import { Breadcrumbs } from './breadcrumbs'
import { filesApi, useFilesMutation, useTrash, useTrashEntry } from './files-api'
import { FolderPickerDialog } from './folder-picker-dialog'
import { ListingEmpty, ListingError, ListingSkeleton } from './listing-states'
import { folderPath } from './paths'
import { type ParentTrashed, parentTrashed, restoredText } from './restore-choices'
import { useIsFolderSuperUser } from './use-file-manager-user'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

type Step =
  | { kind: 'open'; entry: TrashEntry }
  | { kind: 'conflict'; entry: TrashEntry; choices: ParentTrashed }
  | { kind: 'pick'; entry: TrashEntry }
  | { kind: 'delete'; entry: TrashEntry }
  | { kind: 'empty' }
  | null

/** The trash entries the user may see: open a folder entry, restore, delete for good, empty (super users). */
export function TrashPage() {
  const trash = useTrash()
  const superUser = useIsFolderSuperUser()
  const [step, setStep] = useState<Step>(null)
  const [last, setLast] = useState<RestoreResult | null>(null)
  const restore = useFilesMutation(
    (a: { entry: TrashEntry; input?: { restoreParent?: boolean; targetFolderId?: string } }) =>
      filesApi.restore(a.entry.id, a.input),
  )
  const remove = useFilesMutation((id: string) => filesApi.deleteForGood(id))
  const empty = useFilesMutation(() => filesApi.emptyTrash())

  const doRestore = (entry: TrashEntry, input?: { restoreParent?: boolean; targetFolderId?: string }) =>
    restore.mutate(
      { entry, ...(input ? { input } : {}) },
      {
        onSuccess: (result) => {
          setLast(result)
          setStep(null)
          toast({ title: restoredText(result), variant: 'success' })
        },
        onError: (error) => {
          const choices = parentTrashed(error)
          if (choices) setStep({ kind: 'conflict', entry, choices })
          else {
            setStep(null)
            toast({ title: 'Not restored', description: errorMessage(error), variant: 'danger' })
          }
        },
      },
    )

  const items = trash.data?.items ?? []
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Trash" />
      <div>
        <Breadcrumbs trail={[]} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Trash</h1>
          {superUser && items.length > 0 && (
            <Button variant="danger" size="sm" onClick={() => setStep({ kind: 'empty' })}>
              <Trash2 aria-hidden="true" /> Empty trash
            </Button>
          )}
        </div>
        <p className="mt-1 text-sm text-fg-muted">
          Items are deleted for good after they have been here for a while.
        </p>
      </div>
      {last && (
        <Alert
          variant="success"
          title={restoredText(last)}
          action={
            <Link className="underline" to={folderPath(last.restoredTo.folderId ?? last.item_id)}>
              Open the folder
            </Link>
          }
        />
      )}
      {trash.isPending ? (
        <ListingSkeleton />
      ) : trash.isError ? (
        <ListingError error={trash.error} onRetry={() => void trash.refetch()} />
      ) : items.length === 0 ? (
        <ListingEmpty title="The trash is empty" />
      ) : (
        <ul
          aria-label="Trash"
          className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface"
        >
          {items.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-2">
                {entry.item_type === 'folder' ? (
                  <Folder aria-label="Folder" className="size-5 shrink-0 text-accent" />
                ) : (
                  <File aria-label="File" className="size-5 shrink-0 text-fg-muted" />
                )}
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium break-all">{entry.filename}</span>
                  <span className="text-xs text-fg-muted">
                    {entry.folder_name ? `From ${entry.folder_name} · ` : ''}
                    {dateFormat.format(new Date(entry.deletedAt))}
                    {entry.item_type === 'folder' ? ` · ${entry.items} items` : ''}
                    {entry.size !== null ? ` · ${formatBytes(entry.size)}` : ''}
                  </span>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                {entry.item_type === 'folder' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setStep({ kind: 'open', entry })}
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
                    loading={restore.isPending && restore.variables?.entry.id === entry.id}
                    onClick={() => doRestore(entry)}
                  >
                    Restore
                  </Button>
                )}
                {entry.abilities.deletePermanently && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${entry.filename} for good`}
                    onClick={() => setStep({ kind: 'delete', entry })}
                  >
                    Delete for good
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {step?.kind === 'open' && <TrashContentsDialog entry={step.entry} onClose={() => setStep(null)} />}
      {step?.kind === 'conflict' && (
        <Dialog open onOpenChange={(open) => !open && setStep(null)}>
          <DialogContent title={`Restore “${step.entry.filename}”`} description={step.choices.message}>
            <div className="flex flex-col gap-2">
              <Button
                loading={restore.isPending}
                onClick={() => doRestore(step.entry, { restoreParent: true })}
              >
                {step.choices.restoreParent}
              </Button>
              <Button variant="secondary" onClick={() => setStep({ kind: 'pick', entry: step.entry })}>
                {step.choices.chooseFolder}
              </Button>
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="ghost">Cancel</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
      {step?.kind === 'pick' && (
        <FolderPickerDialog
          title={`Restore “${step.entry.filename}” to…`}
          confirmLabel="Restore to"
          superUser={superUser}
          onClose={() => setStep(null)}
          onPick={(target) => doRestore(step.entry, { targetFolderId: target.id })}
        />
      )}
      {step?.kind === 'delete' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setStep(null)}
          title={`Delete “${step.entry.filename}” for good?`}
          description="It cannot be restored afterwards."
          confirmLabel="Delete for good"
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(step.entry.id, {
              onSuccess: () => {
                toast({ title: `Deleted “${step.entry.filename}”`, variant: 'success' })
                setStep(null)
              },
              onError: (error) =>
                toast({ title: 'Not deleted', description: errorMessage(error), variant: 'danger' }),
            })
          }
        />
      )}
      {step?.kind === 'empty' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setStep(null)}
          title="Empty the whole trash?"
          description="Everything in the trash, for every user, is deleted for good."
          confirmLabel="Empty trash"
          destructive
          pending={empty.isPending}
          onConfirm={() =>
            empty.mutate(undefined, {
              onSuccess: (r) => {
                toast({ title: `Deleted ${r.deleted} entries`, variant: 'success' })
                setStep(null)
              },
              onError: (error) =>
                toast({ title: 'Not emptied', description: errorMessage(error), variant: 'danger' }),
            })
          }
        />
      )}
    </div>
  )
}

/** What a trashed folder holds (what went to the trash with it), as an indented tree. */
function TrashContentsDialog({ entry, onClose }: { entry: TrashEntry; onClose: () => void }) {
  const contents = useTrashEntry(entry.id)
  const render = (parentId: string, depth: number): React.ReactNode[] => {
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
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
