import { DataTableSelectFilter, type TableStateController } from '../../../components/data-table'

const TYPE_OPTIONS = [
  { value: 'file', label: 'Files' },
  { value: 'folder', label: 'Folders' },
]
const MINE_OPTIONS = [{ value: 'true', label: 'Trashed by me' }]

/** The trash table's filters: files or folders, and what the user trashed. */
export function TrashFilters<Sort extends string>({
  state,
}: {
  state: TableStateController<Sort, 'type' | 'mine'>
}) {
  return (
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
  )
}
