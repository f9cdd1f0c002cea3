import type { Column, Table } from '@tanstack/react-table'
import { Columns3 } from 'lucide-react'
import { Button } from '../ui/button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu'

/** A column's human name: its meta label, else its header text, else its id. */
export function columnLabel<TData>(column: Column<TData>): string {
  const header = column.columnDef.header
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id)
}

/** "Columns": show or hide each column that may be hidden. The last visible one cannot be hidden. */
export function DataTableColumnMenu<TData>({ table }: { table: Table<TData> }) {
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide())
  if (hideable.length === 0) return null
  const visibleCount = hideable.filter((column) => column.getIsVisible()).length
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary">
          <Columns3 aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {hideable.map((column) => {
          const visible = column.getIsVisible()
          return (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={visible}
              disabled={visible && visibleCount === 1}
              // Keep the menu open: people usually change several columns at once.
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) => column.toggleVisibility(checked)}
            >
              {columnLabel(column)}
            </DropdownMenuCheckboxItem>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
