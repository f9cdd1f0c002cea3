import type { ColumnDef } from '@tanstack/react-table'
import { Checkbox } from '../ui/checkbox'

export const SELECTION_COLUMN_ID = 'select'

/** The checkbox column DataTable puts first when the table has bulk actions. */
export function selectionColumn<TData>(rowLabel?: (row: TData) => string): ColumnDef<TData> {
  return {
    id: SELECTION_COLUMN_ID,
    enableHiding: false,
    meta: { label: 'Select', className: 'w-10 pr-0' },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={rowLabel ? `Select ${rowLabel(row.original)}` : `Select row ${row.index + 1}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }
}
