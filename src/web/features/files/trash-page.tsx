import { File, Folder, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { TRASH_SORTS, type TrashSort } from '../../../shared/contract/files'
import {
  type RestoreResult,
  type TrashEntry,
  trashListSchema,
} from '../../../shared/contract/files-responses'
import {
  type ColumnDef,
  DataTable,
  DataTableSelectFilter,
  useListQuery,
  useTableState,
} from '../../components/data-table'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { formatBytes, formatDateTime } from '../../lib/format'
import { exportUrl, type TableStateConfig } from '../../lib/url-state'
import { Breadcrumbs } from './breadcrumbs'
import { filesApi, filesKeys, useFilesMutation, useTrashEntry } from './files-api'
import { FolderPickerDialog } from './folder-picker-dialog'
import { folderPath } from './paths'
import { type ParentTrashed, parentTrashed, restoredText } from './restore-choices'
import { useIsFolderSuperUser } from './use-file-manager-user'

const entryId = (entry: TrashEntry) => entry.id

type Step =
  | { kind: 'open'; entry: TrashEntry }
  | { kind: 'conflict'; entry: TrashEntry; choices: ParentTrashed }
  | { kind: 'pick'; entry: TrashEntry }
  | { kind: 'delete'; entry: TrashEntry }
  | { kind: 'empty' }
  | { kind: 'emptyMine' }
  | null

const TRASH_ENDPOINT = '/api/trash'
const TRASH_FILTERS = ['type', 'mine'] as const
const TRASH_TABLE: TableStateConfig<TrashSort, (typeof TRASH_FILTERS)[number]> = {
  sortable: TRASH_SORTS,
  defaultSort: 'deletedAt',
  defaultOrder: 'desc',
  filters: TRASH_FILTERS,
}
const TYPE_OPTIONS = [
  { value: 'file', label: 'Files' },
  { value: 'folder', label: 'Folders' },
]
const MINE_OPTIONS = [{ value: 'true', label: 'Trashed by me' }]
const DAY_MS = 24 * 60 * 60 * 1000

/** "Deleted for good in N days" (today when the purge is due). */
export function purgeText(purgesAt: string, now = Date.now()): string {
  const days = Math.ceil((new Date(purgesAt).getTime() - now) / DAY_MS)
  if (days <= 0) return 'Deleted for good today'
  return `Deleted for good in ${days} ${days === 1 ? 'day' : 'days'}`
}

/**
 * The trash as a table (the entries the user may see, paged, sorted and searched on the server): open
 * a folder entry, restore, delete for good; "Empty my trash" for everyone, the whole trash and CSV for
 * super users.
 */
export function TrashPage() {
  const state = useTableState(TRASH_TABLE)
  const trash = useListQuery<TrashEntry>({
    queryKey: filesKeys.trash(),
    endpoint: TRASH_ENDPOINT,
    schema: trashListSchema,
    query: state.query,
  })
  const superUser = useIsFolderSuperUser()
  const [step, setStep] = useState<Step>(null)
  const [last, setLast] = useState<RestoreResult | null>(null)
  const restore = useFilesMutation(
    (a: { entry: TrashEntry; input?: { restoreParent?: boolean; targetFolderId?: string } }) =>
      filesApi.restore(a.entry.id, a.input),
  )
  const remove = useFilesMutation((id: string) => filesApi.deleteForGood(id))
  const empty = useFilesMutation(() => filesApi.emptyTrash())
  const emptyMine = useFilesMutation(() => filesApi.emptyMyTrash())

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

  const columns: ColumnDef<TrashEntry>[] = [
    {
      id: 'name',
      header: 'Name',
      enableHiding: false,
      meta: { rowHeader: true, className: 'min-w-48' },
      cell: ({ row: { original: entry } }) => (
        <span className="flex min-w-0 items-center gap-2">
          {entry.item_type === 'folder' ? (
            <Folder aria-label="Folder" className="size-5 shrink-0 text-accent" />
          ) : (
            <File aria-label="File" className="size-5 shrink-0 text-fg-muted" />
          )}
          <span className="flex min-w-0 flex-col">
            <span className="font-medium break-all text-fg">{entry.filename}</span>
            <span className="text-xs text-fg-muted">
              {entry.item_type === 'folder' ? `${entry.items} items · ` : ''}
              {entry.size !== null ? formatBytes(entry.size) : ''}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'folder',
      header: 'From',
      cell: ({ row: { original } }) =>
        original.folder_name ?? <span className="text-fg-muted">Top level</span>,
    },
    {
      id: 'deletedAt',
      header: 'Trashed',
      sortDescFirst: true,
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original } }) => (
        <span className="flex flex-col">
          <time dateTime={original.deletedAt}>{formatDateTime(original.deletedAt)}</time>
          {original.trashedByName && (
            <span className="text-xs text-fg-muted">by {original.trashedByName}</span>
          )}
        </span>
      ),
    },
    {
      id: 'purgesAt',
      header: 'Goes for good',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original } }) => (
        <time dateTime={original.purgesAt} title={formatDateTime(original.purgesAt)}>
          {purgeText(original.purgesAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      cell: ({ row: { original: entry } }) => (
        <span className="flex flex-wrap gap-2">
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
        </span>
      ),
    },
  ]

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Trash" />
      <div>
        <Breadcrumbs trail={[]} />
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Trash</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Each entry shows when it is deleted for good. Restoring puts it back where it came from.
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
      <DataTable
        label="Trash"
        columns={columns}
        state={state}
        result={trash}
        getRowId={entryId}
        rowLabel={(entry) => entry.filename}
        search={{ label: 'Search the trash', placeholder: 'Search names and folders' }}
        filters={
          <>
            <DataTableSelectFilter
              state={state}
              name="type"
              label="Type"
              allLabel="Files and folders"
              options={TYPE_OPTIONS}
            />
            <DataTableSelectFilter
              state={state}
              name="mine"
              label="Trashed by"
              allLabel="Anyone"
              options={MINE_OPTIONS}
            />
          </>
        }
        {...(superUser ? { exportHref: exportUrl(TRASH_ENDPOINT, state.state) } : {})}
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'emptyMine' })}>
              <Trash2 aria-hidden="true" /> Empty my trash
            </Button>
            {superUser && (
              <Button variant="danger" size="sm" onClick={() => setStep({ kind: 'empty' })}>
                <Trash2 aria-hidden="true" /> Empty trash
              </Button>
            )}
          </>
        }
        empty={{
          icon: Trash2,
          title: 'The trash is empty',
          description: 'What you trash appears here until it is deleted for good.',
        }}
      />
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
      {step?.kind === 'emptyMine' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setStep(null)}
          title="Empty your trash?"
          description="Everything you trashed and may delete is deleted for good. This cannot be undone."
          confirmLabel="Empty my trash"
          destructive
          pending={emptyMine.isPending}
          onConfirm={() =>
            emptyMine.mutate(undefined, {
              onSuccess: (r) => {
                toast({
                  title: `Deleted ${r.deleted} ${r.deleted === 1 ? 'entry' : 'entries'} for good`,
                  ...(r.kept > 0
                    ? {
                        description: `${r.kept} stayed: only the folder's administrators can delete them for good.`,
                      }
                    : {}),
                  variant: 'success',
                })
                setStep(null)
              },
              onError: (error) =>
                toast({ title: 'Not emptied', description: errorMessage(error), variant: 'danger' }),
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
