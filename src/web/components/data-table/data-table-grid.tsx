import './column-meta'
import { flexRender, type Table as TanStackTable } from '@tanstack/react-table'
import { cn } from '../../lib/cn'
import { Skeleton } from '../ui/skeleton'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../ui/table'
import { DataTableColumnHeader } from './data-table-column-header'
import type { TableStateController } from './use-table-state'

const SKELETON_ROWS = 8

export interface DataTableGridProps<TData, Sort extends string, Filter extends string> {
  table: TanStackTable<TData>
  /** The table's accessible name (its caption). */
  label: string
  state: TableStateController<Sort, Filter>
  /** No rows to show yet: placeholder rows stand in for them. */
  loading: boolean
  /** The rows shown are the previous query's while the next one loads: dimmed. */
  refreshing: boolean
}

/** The table itself: the caption, the headers (sortable ones as buttons) and one page of rows. */
export function DataTableGrid<TData, Sort extends string, Filter extends string>({
  table,
  label,
  state,
  loading,
  refreshing,
}: DataTableGridProps<TData, Sort, Filter>) {
  const view = state.state
  const visibleColumns = table.getVisibleLeafColumns()
  return (
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
                  {header.isPlaceholder ? null : <DataTableColumnHeader header={header} state={state} />}
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
          : table.getRowModel().rows.map((row) => (
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
