import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { TRASH_SORTS, type TrashSort } from '../../../shared/contract/files'
import {
  type RestoreResult,
  type TrashEntry,
  trashListSchema,
} from '../../../shared/contract/files-responses'
import { DataTable, DataTableSelectFilter, useListQuery, useTableState } from '../../components/data-table'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { exportUrl, type TableStateConfig } from '../../lib/url-state'
import { Breadcrumbs } from './breadcrumbs'
import { filesApi, filesKeys, useFilesMutation } from './files-api'
import { FolderPickerDialog } from './folder-picker-dialog'
import { folderPath } from './paths'
import { type ParentTrashed, parentTrashed, restoredText } from './restore-choices'
import { trashColumns } from './trash-columns'
import { DeleteForGoodDialog, RestoreConflictDialog, TrashContentsDialog } from './trash-dialogs'
import { TrashRowActions } from './trash-row-actions'
import { EmptyMyTrashDialog, EmptyTrashDialog, TrashToolbar } from './trash-toolbar'
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

type RestoreInput = { restoreParent?: boolean; targetFolderId?: string }

/**
 * The trash as a table (the entries the user may see, paged, sorted and searched on the server): open
 * a folder entry, restore, delete for good (trash-row-actions); "Empty my trash" for everyone, the whole
 * trash and CSV for super users (trash-toolbar).
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
  const restore = useFilesMutation((a: { entry: TrashEntry; input?: RestoreInput }) =>
    filesApi.restore(a.entry.id, a.input),
  )
  const close = () => setStep(null)

  const doRestore = (entry: TrashEntry, input?: RestoreInput) =>
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

  const columns = trashColumns((entry) => (
    <TrashRowActions
      entry={entry}
      restoring={restore.isPending && restore.variables?.entry.id === entry.id}
      onContents={() => setStep({ kind: 'open', entry })}
      onRestore={() => doRestore(entry)}
      onDelete={() => setStep({ kind: 'delete', entry })}
    />
  ))

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
          <TrashToolbar
            superUser={superUser}
            onEmptyMine={() => setStep({ kind: 'emptyMine' })}
            onEmpty={() => setStep({ kind: 'empty' })}
          />
        }
        empty={{
          icon: Trash2,
          title: 'The trash is empty',
          description: 'What you trash appears here until it is deleted for good.',
        }}
      />
      {step?.kind === 'open' && <TrashContentsDialog entry={step.entry} onClose={close} />}
      {step?.kind === 'conflict' && (
        <RestoreConflictDialog
          entry={step.entry}
          choices={step.choices}
          pending={restore.isPending}
          onRestoreParent={() => doRestore(step.entry, { restoreParent: true })}
          onChooseFolder={() => setStep({ kind: 'pick', entry: step.entry })}
          onClose={close}
        />
      )}
      {step?.kind === 'pick' && (
        <FolderPickerDialog
          title={`Restore “${step.entry.filename}” to…`}
          confirmLabel="Restore to"
          superUser={superUser}
          onClose={close}
          onPick={(target) => doRestore(step.entry, { targetFolderId: target.id })}
        />
      )}
      {step?.kind === 'delete' && <DeleteForGoodDialog entry={step.entry} onClose={close} />}
      {step?.kind === 'emptyMine' && <EmptyMyTrashDialog onClose={close} />}
      {step?.kind === 'empty' && <EmptyTrashDialog onClose={close} />}
    </div>
  )
}
