import { ArrowDown, ArrowUp } from 'lucide-react'
import type { SortKey } from '../../../../shared/contract/files'
import { Checkbox } from '../../../components/ui/checkbox'
import { cn } from '../../../lib/cn'
import { type headerState, type Selection, toggleAll } from '../bulk/selection'
import { nextSorting, type Sorting } from './entries'

/** The list view's sortable columns, between the selection checkbox and the actions. */
export const LIST_COLUMNS: { key: SortKey; label: string; className?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'size', label: 'Size', className: 'hidden w-28 sm:table-cell' },
  { key: 'updatedAt', label: 'Modified', className: 'hidden w-48 md:table-cell' },
]

/** The list view's header row: select all (when rows can be selected), the sort buttons, and Actions. */
export function ListHeaderRow({
  sorting,
  onSortingChange,
  selection,
  onSelectionChange,
  header,
  order,
  hasMore,
}: {
  /** Null: the rows are in the order they came in (search results), no column is sorted. */
  sorting: Sorting | null
  onSortingChange: (sorting: Sorting) => void
  selection?: Selection
  onSelectionChange?: (selection: Selection) => void
  header: ReturnType<typeof headerState> | null
  /** The loaded entries' keys, in the listing's order. */
  order: string[]
  hasMore?: boolean
}) {
  return (
    <tr aria-rowindex={1}>
      {selection && onSelectionChange && (
        <th scope="col" className="w-10 px-3 py-2">
          <Checkbox
            // With pages still to load, select-all takes the loaded entries (decision 0093).
            aria-label={hasMore ? 'Select all loaded entries' : 'Select all'}
            checked={header === 'all'}
            indeterminate={header === 'some'}
            onChange={() => onSelectionChange(toggleAll(selection, order))}
          />
        </th>
      )}
      {LIST_COLUMNS.map((col) => {
        const active = sorting?.sort === col.key
        return (
          <th
            key={col.key}
            scope="col"
            className={cn('px-3 py-2 font-medium', col.className)}
            aria-sort={active ? (sorting?.order === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded hover:underline"
              onClick={() => onSortingChange(nextSorting(sorting, col.key))}
            >
              {col.label}
              {active &&
                (sorting?.order === 'asc' ? (
                  <ArrowUp aria-hidden="true" className="size-3.5" />
                ) : (
                  <ArrowDown aria-hidden="true" className="size-3.5" />
                ))}
            </button>
          </th>
        )
      })}
      <th scope="col" className="w-12 px-3 py-2">
        <span className="sr-only">Actions</span>
      </th>
    </tr>
  )
}
