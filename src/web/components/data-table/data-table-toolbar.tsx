import type { Table } from '@tanstack/react-table'
import { Download, FilterX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../ui/button'
import { DataTableColumnMenu } from './data-table-column-menu'
import { DataTableSearch } from './data-table-search'

export interface DataTableToolbarProps<TData> {
  table: Table<TData>
  search:
    | { value: string; onChange: (text: string) => void; label?: string; placeholder?: string }
    | undefined
  filters: ReactNode
  filtered: boolean
  onClearFilters: () => void
  exportHref: string | undefined
  actions: ReactNode
}

/** Search and filters on the left; columns, export and the table's own actions on the right. */
export function DataTableToolbar<TData>({
  table,
  search,
  filters,
  filtered,
  onClearFilters,
  exportHref,
  actions,
}: DataTableToolbarProps<TData>) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {search && <DataTableSearch {...search} />}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <DataTableColumnMenu table={table} />
          {exportHref && (
            // A plain download: the server streams every matching row, and the browser shows progress.
            <Button asChild variant="secondary">
              <a href={exportHref} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          )}
          {actions}
        </div>
      </div>
      {(filters || filtered) && (
        <div className="flex flex-wrap items-end gap-3">
          {filters}
          {filtered && (
            <Button variant="ghost" onClick={onClearFilters}>
              <FilterX aria-hidden="true" />
              Clear filters
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
