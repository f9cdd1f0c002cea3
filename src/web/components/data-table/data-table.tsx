import './column-meta'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import type { ListResponse } from '../../../shared/contract/list'
import { DataTableBulkBar } from './data-table-bulk-bar'
import { DataTableGrid } from './data-table-grid'
import { DataTablePagination } from './data-table-pagination'
import { DataTableRefreshFailed } from './data-table-refresh-failed'
import { type DataTableEmpty, LoadFailed, NoMatches, NothingYet, PastTheEnd } from './data-table-states'
import { DataTableToolbar } from './data-table-toolbar'
import { useDataTable } from './use-data-table'
import type { TableStateController } from './use-table-state'

// The one data table of every staff list (product.md §6). The server pages, sorts, filters and
// searches; this component shows one page and turns clicks into URL changes (use-table-state.ts),
// which change the query (use-list-query.ts). TanStack Table does the column bookkeeping: visibility,
// selection and header/cell rendering, with pagination and sorting manual.

export interface DataTableProps<TData, Sort extends string, Filter extends string> {
  /** The table's accessible name, e.g. "Invoices" (its caption, read by screen readers). */
  label: string
  /** Columns; a column whose `id` is one of the state's sortable keys gets a sort button. */
  columns: ColumnDef<TData>[]
  /** useTableState(config) */
  state: TableStateController<Sort, Filter>
  /** useListQuery(...) with the state's query */
  result: UseQueryResult<ListResponse<TData>>
  getRowId: (row: TData) => string
  /** Filter controls: DataTableSelectFilter, DataTableDateRangeFilter or the table's own. */
  filters?: ReactNode
  /** The search box's label and placeholder; `false` for a table without search. */
  search?: { label?: string; placeholder?: string } | false
  /** The CSV export link (exportUrl(endpoint, state.state)); no export button without it. */
  exportHref?: string
  /** Actions on the selected rows; the row checkboxes appear only when this is given. */
  bulkActions?: (selected: TData[], clearSelection: () => void) => ReactNode
  /** Names a row for its checkbox ("Select Ada Lovelace"). */
  rowLabel?: (row: TData) => string
  /** What to say when the list has no rows at all. */
  empty: DataTableEmpty
  /** More buttons at the end of the toolbar ("Add"). */
  actions?: ReactNode
}

export function DataTable<TData, Sort extends string, Filter extends string>({
  label,
  columns,
  state,
  result,
  getRowId,
  filters,
  search = {},
  exportHref,
  bulkActions,
  rowLabel,
  empty,
  actions,
}: DataTableProps<TData, Sort, Filter>) {
  const { state: view, update } = state
  const data = result.data
  const { table, clearSelection } = useDataTable({ columns, state, data, getRowId, bulkActions, rowLabel })
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original)
  const pageRows = table.getRowModel().rows
  // Rows from the previous query stay visible (dimmed) while the next one loads.
  const refreshing = result.isFetching && !result.isPending
  const clearFilters = state.filtered ? state.clearFilters : undefined

  let body: ReactNode
  if (!data && result.isError) {
    body = (
      <LoadFailed
        label={label}
        error={result.error}
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
        onClearFilters={clearFilters}
      />
    )
  } else if (data && data.items.length === 0 && !result.isPlaceholderData) {
    if (data.total > 0) body = <PastTheEnd total={data.total} onFirstPage={() => update({ page: 1 })} />
    else if (clearFilters) body = <NoMatches onClearFilters={clearFilters} />
    else body = <NothingYet empty={empty} />
  } else {
    body = (
      <DataTableGrid
        table={table}
        label={label}
        state={state}
        loading={!data || pageRows.length === 0}
        refreshing={refreshing}
      />
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <DataTableToolbar
        table={table}
        search={
          search === false
            ? undefined
            : { ...search, value: view.q, onChange: (q) => update({ q }, { replace: true }) }
        }
        filters={filters}
        filtered={state.filtered}
        onClearFilters={state.clearFilters}
        exportHref={exportHref}
        actions={actions}
      />
      {bulkActions && selectedRows.length > 0 && (
        <DataTableBulkBar
          selectedCount={selectedRows.length}
          pageRowCount={pageRows.length}
          onSelectPage={() => table.toggleAllPageRowsSelected(true)}
          onClear={clearSelection}
        >
          {bulkActions(selectedRows, clearSelection)}
        </DataTableBulkBar>
      )}
      {data && result.isError && !result.isFetching && (
        <DataTableRefreshFailed error={result.error} onRetry={() => void result.refetch()} />
      )}
      {body}
      {data && data.total > 0 && (
        <DataTablePagination
          page={view.page}
          pageSize={view.pageSize}
          total={data.total}
          totalPages={data.totalPages}
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
        />
      )}
      <p className="sr-only" role="status">
        {result.isPending ? '' : data ? `${data.total} ${data.total === 1 ? 'row' : 'rows'}` : ''}
      </p>
    </div>
  )
}
