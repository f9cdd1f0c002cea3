import { File, Folder } from 'lucide-react'
import type { ReactNode } from 'react'
import type { TrashEntry } from '../../../../shared/contract/files-responses'
import type { ColumnDef } from '../../../components/data-table'
import { formatBytes, formatDateTime } from '../../../lib/format'

const DAY_MS = 24 * 60 * 60 * 1000

/** "Deleted for good in N days" (today when the purge is due). */
export function purgeText(purgesAt: string, now = Date.now()): string {
  const days = Math.ceil((new Date(purgesAt).getTime() - now) / DAY_MS)
  if (days <= 0) return 'Deleted for good today'
  return `Deleted for good in ${days} ${days === 1 ? 'day' : 'days'}`
}

/** The trash table's columns: name and size, where it came from, when and by whom, when it goes, actions. */
export function trashColumns(actions: (entry: TrashEntry) => ReactNode): ColumnDef<TrashEntry>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      enableHiding: false,
      meta: { rowHeader: true, className: 'min-w-48' },
      cell: ({ row: { original: entry } }) => (
        <span className="flex min-w-0 items-center gap-2">
          {entry.item_type === 'folder' ? (
            <Folder aria-label="Folder" className="size-5 shrink-0 text-accent" />
          ) : (
            <File aria-label="File" className="size-5 shrink-0 text-fg-muted" />
          )}
          <span className="flex min-w-0 flex-col">
            <span className="font-medium break-all text-fg">{entry.filename}</span>
            <span className="text-xs text-fg-muted">
              {entry.item_type === 'folder' ? `${entry.items} items · ` : ''}
              {entry.size !== null ? formatBytes(entry.size) : ''}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'folder',
      header: 'From',
      cell: ({ row: { original } }) =>
        original.folder_name ?? <span className="text-fg-muted">Top level</span>,
    },
    {
      id: 'deletedAt',
      header: 'Trashed',
      sortDescFirst: true,
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original } }) => (
        <span className="flex flex-col">
          <time dateTime={original.deletedAt}>{formatDateTime(original.deletedAt)}</time>
          {original.trashedByName && (
            <span className="text-xs text-fg-muted">by {original.trashedByName}</span>
          )}
        </span>
      ),
    },
    {
      id: 'purgesAt',
      header: 'Goes for good',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original } }) => (
        <time dateTime={original.purgesAt} title={formatDateTime(original.purgesAt)}>
          {purgeText(original.purgesAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      cell: ({ row: { original } }) => actions(original),
    },
  ]
}
