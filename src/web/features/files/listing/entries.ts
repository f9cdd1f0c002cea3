import type { ItemType, SortKey } from '../../../../shared/contract/files'
import type { FileItem, FolderItem } from '../../../../shared/contract/files-responses'

// The rows of a listing: folders first, then files, each sorted by the chosen key. The server sorts
// a folder's children the same way; home views are sorted here with this, and search results too once
// the user picks a column (until then they stay in the server's order, best match first).

/** A listing's sort, as the page keeps it and sends it. */
export interface Sorting {
  sort: SortKey
  order: 'asc' | 'desc'
}

/** One row of the file manager, whichever kind; search results also name the containing folder. */
export type Entry =
  | { type: 'folder'; item: FolderItem & { parentName?: string | null } }
  | { type: 'file'; item: FileItem & { folderName?: string | null } }

export const entryKey = (e: { type: ItemType; item: { id: string } }) => `${e.type}:${e.item.id}`
export const entryName = (e: Entry) => (e.type === 'folder' ? e.item.folder_name : e.item.filename)

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

export function toEntries(folders: readonly FolderItem[], files: readonly FileItem[] = []): Entry[] {
  return [
    ...folders.map((item) => ({ type: 'folder' as const, item })),
    ...files.map((item) => ({ type: 'file' as const, item })),
  ]
}

const nameOf = (e: Entry) => (e.type === 'folder' ? e.item.folder_name : e.item.filename)
const sizeOf = (e: Entry) => (e.type === 'file' ? e.item.size : 0)

export function sortEntries(entries: readonly Entry[], { sort, order }: Sorting): Entry[] {
  const dir = order === 'desc' ? -1 : 1
  const byName = (a: Entry, b: Entry) => collator.compare(nameOf(a), nameOf(b))
  const compare = (a: Entry, b: Entry): number => {
    if (a.type !== b.type) return a.type === 'folder' ? -1 : 1 // folders first, whatever the order
    if (sort === 'size') return dir * (sizeOf(a) - sizeOf(b)) || byName(a, b)
    if (sort === 'updatedAt') return dir * a.item.updatedAt.localeCompare(b.item.updatedAt) || byName(a, b)
    return dir * byName(a, b)
  }
  return [...entries].sort(compare)
}

/**
 * The sorting after a click on a column header: the same column flips, a new one starts ascending
 * (null: the list is in the order it came in, e.g. search results best match first).
 */
export function nextSorting(current: Sorting | null, key: SortKey): Sorting {
  if (current?.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' }
  return { sort: key, order: 'asc' }
}

/** Sorting from the URL (`?sort=size&order=desc`), defaulting to name ascending. */
export function sortingFrom(params: URLSearchParams): Sorting {
  return chosenSortingFrom(params) ?? { sort: 'name', order: 'asc' }
}

/** The sorting the URL names, or null when it names none (`?sort=` absent or not a column). */
export function chosenSortingFrom(params: URLSearchParams): Sorting | null {
  const sort = params.get('sort')
  if (sort !== 'name' && sort !== 'size' && sort !== 'updatedAt') return null
  return { sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' }
}

export type PreviewKind = 'image' | 'pdf' | 'audio' | 'video' | 'text' | null

/** How a file can be shown in the page (the server decides what it serves inline; this mirrors it). */
export function previewKind(mimetype: string): PreviewKind {
  if (mimetype === 'image/svg+xml') return null // active content: download only
  if (mimetype.startsWith('image/')) return 'image'
  if (mimetype === 'application/pdf') return 'pdf'
  if (mimetype.startsWith('audio/')) return 'audio'
  if (mimetype.startsWith('video/')) return 'video'
  if (mimetype === 'text/plain' || mimetype === 'text/csv' || mimetype === 'text/markdown') return 'text'
  return null
}
