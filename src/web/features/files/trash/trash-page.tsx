import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { TRASH_SORTS, type TrashSort } from '../../../../shared/contract/files'
import { type TrashEntry, trashListSchema } from '../../../../shared/contract/files-responses'
import { DataTable, useListQuery, useTableState } from '../../../components/data-table'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { exportUrl, type TableStateConfig } from '../../../lib/url-state'
import { filesKeys } from '../files-api'
import { Breadcrumbs } from '../folder/breadcrumbs'
import { folderPath } from '../paths'
import { useIsFolderSuperUser } from '../use-file-manager-user'
import { restoredText } from './restore-choices'
import { trashColumns } from './trash-columns'
import { TrashFilters } from './trash-filters'
import { TrashRowActions } from './trash-row-actions'
import type { TrashStep } from './trash-step'
import { TrashStepDialogs } from './trash-step-dialogs'
import { TrashToolbar } from './trash-toolbar'
import { useTrashRestore } from './use-trash-restore'

const entryId = (entry: TrashEntry) => entry.id

const TRASH_ENDPOINT = '/api/trash'
const TRASH_FILTERS = ['type', 'mine'] as const
const TRASH_TABLE: TableStateConfig<TrashSort, (typeof TRASH_FILTERS)[number]> = {
  sortable: TRASH_SORTS,
  defaultSort: 'deletedAt',
  defaultOrder: 'desc',
  filters: TRASH_FILTERS,
}

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
  const [step, setStep] = useState<TrashStep>(null)
  const { last, restore, pending, isRestoring } = useTrashRestore(setStep)
  const close = () => setStep(null)

  const columns = trashColumns((entry) => (
    <TrashRowActions
      entry={entry}
      restoring={isRestoring(entry)}
      onContents={() => setStep({ kind: 'open', entry })}
      onRestore={() => restore(entry)}
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
        filters={<TrashFilters state={state} />}
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
      <TrashStepDialogs
        step={step}
        superUser={superUser}
        restoring={pending}
        onRestore={restore}
        onChooseFolder={(entry) => setStep({ kind: 'pick', entry })}
        onClose={close}
      />
    </div>
  )
}
