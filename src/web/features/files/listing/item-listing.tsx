import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react'
import { Checkbox } from '../../../components/ui/checkbox'
import { cn } from '../../../lib/cn'
import { formatBytes } from '../../../lib/format'
import { headerState, type Selection, selectRange, toggle } from '../bulk/selection'
import { useFileAddresses } from '../file-addresses'
import { type Entry, entryKey, entryName, type Sorting } from './entries'
import { EntryIcon, EntryName, entryLocation, isImage } from './entry-display'
import { LIST_COLUMNS, ListHeaderRow } from './list-header-row'
import { ListRow } from './list-row'
import { useRovingRows } from './use-roving-rows'
import { useVirtualRows, type VirtualRange } from './use-virtual-rows'
import type { ViewMode } from './view-mode'

export interface ItemListingProps {
  /** The accessible name of the list, e.g. "Contents of Reports". */
  label: string
  entries: readonly Entry[]
  mode: ViewMode
  /** Null: `entries` are shown in the order given (search results, best match first). */
  sorting: Sorting | null
  onSortingChange: (sorting: Sorting) => void
  /** Absent: no checkboxes (home views, search). */
  selection?: Selection
  onSelectionChange?: (selection: Selection) => void
  onOpenFile: (entry: Extract<Entry, { type: 'file' }>) => void
  /** The per-row menu (rename, move…), built by the page from the item's abilities. */
  actions?: (entry: Entry) => ReactNode
  /** Search results: a line under the name saying where the item is. */
  showLocation?: boolean
  /** More entries than `entries` exist (a folder read a page at a time): the count is not known yet. */
  hasMore?: boolean
  /** Called when the rows on screen come near the end of `entries` (load the next page). */
  onNearEnd?: () => void
}

/** How close to the loaded end the screen may come before the next page is asked for. */
const NEAR_END_ROWS = 30

export function ItemListing(props: ItemListingProps) {
  const { entries, selection, onSelectionChange } = props
  const order = entries.map(entryKey)
  const select = (key: string, event: MouseEvent) => {
    if (!selection || !onSelectionChange) return
    onSelectionChange(event.shiftKey ? selectRange(selection, order, key) : toggle(selection, key))
  }
  const checkbox = (entry: Entry) =>
    selection && (
      <Checkbox
        aria-label={`Select ${entryName(entry)}`}
        checked={selection.keys.has(entryKey(entry))}
        // onClick (not onChange) to read the shift key; the change follows from the new state.
        onClick={(e) => select(entryKey(entry), e)}
        onChange={() => undefined}
      />
    )
  return props.mode === 'grid' ? (
    <GridView {...props} checkbox={checkbox} />
  ) : (
    <ListView
      {...props}
      checkbox={checkbox}
      header={selection ? headerState(selection, order) : null}
      order={order}
    />
  )
}

type ViewProps = ItemListingProps & { checkbox: (entry: Entry) => ReactNode }

/** Asks for more once the rendered range reaches close to the loaded end. */
function useNearEnd(range: VirtualRange, count: number, perRow: number, props: ItemListingProps) {
  const { hasMore, onNearEnd } = props
  const near = hasMore && range.end * perRow >= count - NEAR_END_ROWS
  useEffect(() => {
    if (near) onNearEnd?.()
  }, [near, onNearEnd])
}

function ListView(props: ViewProps & { header: ReturnType<typeof headerState> | null; order: string[] }) {
  const {
    label,
    entries,
    sorting,
    onSortingChange,
    selection,
    onSelectionChange,
    onOpenFile,
    actions,
    showLocation,
    checkbox,
    header,
    order,
    hasMore,
  } = props
  const body = useRef<HTMLTableSectionElement>(null)
  const range = useVirtualRows(body, entries.length, showLocation ? 60 : 49, 'tr[data-row]')
  useNearEnd(range, entries.length, 1, props)
  const roving = useRovingRows(body, 'tr[data-row]')
  const columns = (selection ? 1 : 0) + LIST_COLUMNS.length + 1
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border bg-surface">
      <table
        className="w-full border-collapse text-sm"
        aria-label={label}
        data-listing=""
        // Screen readers hear the whole list's size, not the rendered rows' (-1: not known yet).
        aria-rowcount={hasMore ? -1 : entries.length + 1}
      >
        <thead className="bg-surface-muted text-left">
          <ListHeaderRow
            sorting={sorting}
            onSortingChange={onSortingChange}
            selection={selection}
            onSelectionChange={onSelectionChange}
            header={header}
            order={order}
            hasMore={hasMore}
          />
        </thead>
        <tbody ref={body} onFocus={roving.onFocus} onKeyDown={roving.onKeyDown}>
          {range.before > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: range.before, padding: 0 }} />
            </tr>
          )}
          {entries.slice(range.start, range.end).map((entry, i) => (
            <ListRow
              key={entryKey(entry)}
              entry={entry}
              rowIndex={range.start + i + 2}
              selection={selection}
              checkbox={checkbox}
              onOpenFile={onOpenFile}
              actions={actions}
              showLocation={showLocation}
            />
          ))}
          {range.after > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: range.after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The grid's columns at the window's width (the breakpoints of the grid's classes). */
function gridColumns(): number {
  if (typeof window === 'undefined') return 5
  const width = window.innerWidth
  return width >= 1024 ? 5 : width >= 768 ? 4 : width >= 640 ? 3 : 2
}

/** The grid's gap (gap-3), added to a card's height to make a grid row's. */
const GRID_GAP = 12

function GridView(props: ViewProps) {
  const { label, entries, onOpenFile, actions, showLocation, checkbox, selection, hasMore } = props
  const list = useRef<HTMLUListElement>(null)
  const cols = gridColumns()
  const rows = Math.ceil(entries.length / cols)
  const range = useVirtualRows(list, rows, 260, 'li[data-row]', GRID_GAP)
  useNearEnd(range, entries.length, cols, props)
  const roving = useRovingRows(list, 'li[data-row]', cols)
  const { thumbnail } = useFileAddresses()
  return (
    <ul
      ref={list}
      aria-label={label}
      data-listing=""
      onFocus={roving.onFocus}
      onKeyDown={roving.onKeyDown}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
      style={{ paddingTop: range.before, paddingBottom: range.after }}
    >
      {entries.slice(range.start * cols, range.end * cols).map((entry, i) => (
        <li
          key={entryKey(entry)}
          data-row=""
          aria-posinset={range.start * cols + i + 1}
          aria-setsize={hasMore ? -1 : entries.length}
          className={cn(
            'relative flex flex-col gap-2 rounded-lg border border-border bg-surface p-3',
            selection?.keys.has(entryKey(entry)) && 'ring-2 ring-accent',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            {checkbox(entry) ?? <span />}
            {actions?.(entry)}
          </div>
          <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md bg-surface-muted">
            {isImage(entry) && thumbnail(entry.item.id) ? (
              <img
                src={thumbnail(entry.item.id) ?? undefined}
                alt=""
                loading="lazy"
                className="size-full object-cover"
              />
            ) : (
              <EntryIcon entry={entry} className="size-12" />
            )}
          </div>
          <EntryName entry={entry} onOpenFile={onOpenFile} />
          <span className="text-xs text-fg-muted">
            {entry.type === 'file' ? formatBytes(entry.item.size) : 'Folder'}
            {showLocation && entryLocation(entry) ? ` · in ${entryLocation(entry)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  )
}
