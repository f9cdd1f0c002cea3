import type { ReactNode } from 'react'
import { Button } from '../ui/button'

export interface DataTableBulkBarProps {
  selectedCount: number
  pageRowCount: number
  onSelectPage: () => void
  onClear: () => void
  /** The table's actions for the selected rows. */
  children?: ReactNode
}

/** Shown while rows are selected: how many, what to do with them, select the whole page, clear. */
export function DataTableBulkBar({
  selectedCount,
  pageRowCount,
  onSelectPage,
  onClear,
  children,
}: DataTableBulkBarProps) {
  return (
    <section
      aria-label="Selected rows"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-accent/40 bg-accent-soft px-4 py-2 text-accent-soft-fg"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {selectedCount} selected
      </p>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {selectedCount < pageRowCount && (
          <Button variant="ghost" size="sm" onClick={onSelectPage}>
            Select all {pageRowCount} on this page
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </section>
  )
}
