import {
  type ColumnDef,
  getCoreRowModel,
  type RowSelectionState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table'
import { type ReactNode, useMemo, useState } from 'react'
import type { ListResponse } from '../../../shared/contract/list'
import { selectionColumn } from './selection-column'
import type { TableStateController } from './use-table-state'

export interface DataTableOptions<TData, Sort extends string, Filter extends string> {
  columns: ColumnDef<TData>[]
  state: TableStateController<Sort, Filter>
  data: ListResponse<TData> | undefined
  getRowId: (row: TData) => string
  bulkActions?: (selected: TData[], clearSelection: () => void) => ReactNode
  rowLabel?: (row: TData) => string
}

const NO_ROWS: never[] = []
const NO_SELECTION: RowSelectionState = {}

/**
 * DataTable's TanStack Table: one page of server rows, pagination and sorting manual, column
 * visibility kept in the URL, and a checkbox column when there are bulk actions.
 */
export function useDataTable<TData, Sort extends string, Filter extends string>(
  options: DataTableOptions<TData, Sort, Filter>,
) {
  const { columns, state, data, getRowId, bulkActions, rowLabel } = options
  const { state: view, update } = state
  const allColumns = useMemo(
    () => (bulkActions ? [selectionColumn(rowLabel), ...columns] : columns),
    [bulkActions, rowLabel, columns],
  )
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(view.hidden.map((id) => [id, false])),
    [view.hidden],
  )

  // Selection belongs to the rows on screen: another page, sort or filter starts with none selected,
  // so a bulk action never touches rows the user can no longer see.
  const selectionScope = JSON.stringify(state.query)
  const [selection, setSelection] = useState({ scope: selectionScope, rows: NO_SELECTION })
  const rowSelection = selection.scope === selectionScope ? selection.rows : NO_SELECTION
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) =>
    setSelection({
      scope: selectionScope,
      rows: typeof updater === 'function' ? updater(rowSelection) : updater,
    })

  const table = useReactTable<TData>({
    data: data?.items ?? NO_ROWS,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: data?.total ?? 0,
    enableRowSelection: Boolean(bulkActions),
    state: {
      pagination: { pageIndex: view.page - 1, pageSize: view.pageSize },
      sorting: [{ id: view.sort, desc: view.order === 'desc' }],
      columnVisibility,
      rowSelection,
    },
    onRowSelectionChange,
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(columnVisibility) : updater
      const hidden = Object.entries(next)
        .filter(([, visible]) => !visible)
        .map(([id]) => id)
      update({ hidden }, { replace: true })
    },
  })

  const clearSelection = () => setSelection({ scope: selectionScope, rows: NO_SELECTION })
  return { table, clearSelection }
}
