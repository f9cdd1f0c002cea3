import { File, FileImage, Folder, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '../../../lib/cn'
import { formatDateTime } from '../../../lib/format'
import { useFileAddresses } from '../file-addresses'
import { type Entry, entryName } from './entries'

// How the listings show one entry: its icon, its name (a link or a button), where it is and when it changed.

export const formatWhen = (iso: string) => formatDateTime(iso)

export const isImage = (e: Entry) =>
  e.type === 'file' && /^image\/(png|jpeg|gif|webp|avif|tiff)$/.test(e.item.mimetype)

export function EntryIcon({ entry, className }: { entry: Entry; className?: string }) {
  if (entry.type === 'folder')
    return entry.item.type === 'locked' ? (
      <span className={cn('relative inline-flex', className)}>
        <Folder aria-hidden="true" className="size-full text-accent" />
        <Lock aria-label="Locked folder" className="absolute right-0 bottom-0 size-1/2 rounded bg-surface" />
      </span>
    ) : (
      <Folder aria-hidden="true" className={cn('text-accent', className)} />
    )
  if (isImage(entry)) return <FileImage aria-hidden="true" className={cn('text-fg-muted', className)} />
  return <File aria-hidden="true" className={cn('text-fg-muted', className)} />
}

export function EntryName({
  entry,
  onOpenFile,
}: {
  entry: Entry
  onOpenFile: (entry: Extract<Entry, { type: 'file' }>) => void
}) {
  const name = entryName(entry)
  const { folderPage } = useFileAddresses()
  if (entry.type === 'folder')
    return (
      <Link
        to={folderPage(entry.item.id)}
        data-row-primary=""
        className="rounded font-medium break-all text-fg hover:underline"
      >
        {name}
      </Link>
    )
  return (
    <button
      type="button"
      data-row-primary=""
      onClick={() => onOpenFile(entry)}
      className="rounded text-left font-medium break-all text-fg hover:underline"
    >
      {name}
    </button>
  )
}

/** Where a search result is: its folder's name, "Top level", or nothing when that is not known. */
export function entryLocation(entry: Entry): string | null {
  if (entry.type === 'folder') return entry.item.parentName ?? (entry.item.parent_id ? null : 'Top level')
  return entry.item.folderName ?? null
}
