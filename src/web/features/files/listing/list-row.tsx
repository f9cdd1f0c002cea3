import type { ReactNode } from 'react'
import { cn } from '../../../lib/cn'
import { formatBytes } from '../../../lib/format'
import type { Selection } from '../bulk/selection'
import { type Entry, entryKey } from './entries'
import { EntryIcon, EntryName, entryLocation, formatWhen } from './entry-display'

/** One entry as a row of the list view: checkbox, icon and name (and where it is), size, date, menu. */
export function ListRow({
  entry,
  rowIndex,
  selection,
  checkbox,
  onOpenFile,
  actions,
  showLocation,
}: {
  entry: Entry
  /** The row's place in the whole list for screen readers, the header row being 1. */
  rowIndex: number
  /** Absent: no checkbox column. */
  selection?: Selection
  checkbox: (entry: Entry) => ReactNode
  onOpenFile: (entry: Extract<Entry, { type: 'file' }>) => void
  actions?: (entry: Entry) => ReactNode
  showLocation?: boolean
}) {
  return (
    <tr
      data-row=""
      aria-rowindex={rowIndex}
      className={cn('border-t border-border', selection?.keys.has(entryKey(entry)) && 'bg-surface-muted')}
    >
      {selection && <td className="px-3 py-2">{checkbox(entry)}</td>}
      <td className="px-3 py-2">
        <div className="flex items-center gap-2">
          <EntryIcon entry={entry} className="size-5 shrink-0" />
          <div className="flex min-w-0 flex-col">
            <EntryName entry={entry} onOpenFile={onOpenFile} />
            {showLocation && entryLocation(entry) && (
              <span className="text-xs text-fg-muted">in {entryLocation(entry)}</span>
            )}
          </div>
        </div>
      </td>
      <td className="hidden px-3 py-2 text-fg-muted sm:table-cell">
        {entry.type === 'file' ? formatBytes(entry.item.size) : '—'}
      </td>
      <td className="hidden px-3 py-2 text-fg-muted md:table-cell">{formatWhen(entry.item.updatedAt)}</td>
      <td className="px-3 py-2 text-right">{actions?.(entry)}</td>
    </tr>
  )
}
