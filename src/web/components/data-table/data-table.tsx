import './column-meta'
import type { UseQueryResult } from '@tanstack/react-query'
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type RowSelectionState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown, CircleAlert } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import type { ListResponse } from '../../../shared/contract/list'
import { cn } from '../../lib/cn'
import { nextSort } from '../../lib/url-state'
import { Button } from '../ui/button'
import { Skeleton } from '../ui/skeleton'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../ui/table'
import { DataTableBulkBar } from './data-table-bulk-bar'
import { DataTablePagination } from './data-table-pagination'
import {
  type DataTableEmpty,
  LoadFailed,
  listErrorMessage,
  NoMatches,
  NothingYet,
  PastTheEnd,
} from './data-table-states'
import { DataTableToolbar } from './data-table-toolbar'
import { selectionColumn } from './selection-column'
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

const NO_ROWS: never[] = []
const NO_SELECTION: RowSelectionState = {}
const SKELETON_ROWS = 8

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
  const { state: view, config, update } = state
  const data = result.data
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
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original)
  const pageRows = table.getRowModel().rows
  const visibleColumns = table.getVisibleLeafColumns()
  // Rows from the previous query stay visible (dimmed) while the next one loads.
  const refreshing = result.isFetching && !result.isPending
  const clearFilters = state.filtered ? state.clearFilters : undefined

  const sortHeader = (header: Header<TData, unknown>) => {
    const id = header.column.id
    const content = flexRender(header.column.columnDef.header, header.getContext())
    if (!config.sortable.includes(id as Sort)) return content
    const active = view.sort === id
    const Icon = !active ? ArrowUpDown : view.order === 'asc' ? ArrowUp : ArrowDown
    return (
      <button
        type="button"
        className="-mx-2 inline-flex items-center gap-1.5 rounded px-2 py-1 hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() =>
          update(nextSort(view, id as Sort, header.column.columnDef.sortDescFirst ? 'desc' : 'asc'))
        }
      >
        {content}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
      </button>
    )
  }

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
    const loading = !data || pageRows.length === 0
    body = (
      <Table aria-busy={loading || refreshing || undefined}>
        <TableCaption className="sr-only">{label}</TableCaption>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const active = view.sort === header.column.id
                return (
                  <TableHead
                    key={header.id}
                    className={header.column.columnDef.meta?.className}
                    aria-sort={active ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {header.isPlaceholder ? null : sortHeader(header)}
                  </TableHead>
                )
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody className={cn('transition-opacity', refreshing && 'opacity-60')}>
          {loading
            ? Array.from({ length: Math.min(view.pageSize, SKELETON_ROWS) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                <TableRow key={i}>
                  {visibleColumns.map((column) => (
                    <TableCell key={column.id} className={column.columnDef.meta?.className}>
                      <Skeleton className="h-4 w-3/4" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : pageRows.map((row) => (
                <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta
                    const content = flexRender(cell.column.columnDef.cell, cell.getContext())
                    return meta?.rowHeader ? (
                      <th
                        key={cell.id}
                        scope="row"
                        className={cn('px-4 py-3 text-left align-middle font-normal', meta.className)}
                      >
                        {content}
                      </th>
                    ) : (
                      <TableCell key={cell.id} className={meta?.className}>
                        {content}
                      </TableCell>
                    )
                  })}
                </TableRow>
              ))}
        </TableBody>
      </Table>
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
        // A refresh failed but older rows are still worth showing; say so beside them.
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-danger bg-danger-soft px-4 py-2 text-sm text-danger-soft-fg"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span>{listErrorMessage(result.error)}</span>
          <Button variant="secondary" size="sm" className="ml-auto" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
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
