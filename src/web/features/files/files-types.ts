import type { HomeView, ItemType, SortKey } from '../../../shared/contract/files'

// What the file manager's API answers, as the web app reads it (the server's presenters decide the
// shapes; these mirror them, since `src/shared` holds the request schemas only).

export type FolderType = 'public' | 'locked'
export type Level = 'viewer' | 'editor' | 'administrator'

export interface FolderItem {
  id: string
  folder_name: string
  type: FolderType
  parent_id: string | null
  updatedAt: string
  createdAt: string
  access: { level: Level | 'super' | null; via: string | null }
  abilities: {
    list: boolean
    write: boolean
    rename: boolean
    move: boolean
    trash: boolean
    copy: boolean
    share: boolean
    makeLocked: boolean
    makePublic: boolean
  }
  /** Search results only: the containing folder's name. */
  parentName?: string | null
}

export interface FileItem {
  id: string
  filename: string
  mimetype: string
  size: number
  folder_id: string
  updatedAt: string
  createdAt: string
  abilities: {
    download: boolean
    replace: boolean
    rename: boolean
    move: boolean
    copy: boolean
    trash: boolean
  }
  /** Search results only. */
  folderName?: string | null
}

export interface Crumb {
  id: string
  folder_name: string
  type: FolderType
}

export interface FolderListing {
  folder: FolderItem
  breadcrumbs: Crumb[]
  folders: FolderItem[]
  files: FileItem[]
}

export interface HomeListing {
  view: HomeView
  folders: FolderItem[]
}

export interface SearchListing {
  q: string
  folders: FolderItem[]
  files: FileItem[]
}

/** One row of the file manager, whichever kind. */
export type Entry = { type: 'folder'; item: FolderItem } | { type: 'file'; item: FileItem }

export const entryKey = (e: { type: ItemType; item: { id: string } }) => `${e.type}:${e.item.id}`
export const entryName = (e: Entry) => (e.type === 'folder' ? e.item.folder_name : e.item.filename)

export interface Sorting {
  sort: SortKey
  order: 'asc' | 'desc'
}

export interface BulkItemResult {
  type: ItemType
  id: string
  status: 'ok' | 'skipped' | 'failed'
  httpStatus: number
  code?: string
  detail?: string
  result?: { type: ItemType; id: string; name: string }
}

export interface TrashEntry {
  id: string
  item_type: ItemType
  item_id: string
  filename: string
  folder_id: string | null
  folder_name: string | null
  deletedAt: string
  size: number | null
  items: number
  abilities: { restore: boolean; deletePermanently: boolean }
}

export interface TrashContents {
  entry: TrashEntry
  folders: { id: string; folder_name: string; type: FolderType; parent_id: string | null }[]
  files: { id: string; filename: string; mimetype: string; size: number; folder_id: string }[]
}

export interface RestoreResult {
  id: string
  name: string
  item_type: ItemType
  item_id: string
  restoredTo: {
    folderId: string | null
    path: string[]
    reason: 'original' | 'parent_restored' | 'chosen' | 'my_folders'
  }
  items: number
}

export interface AccessEntry {
  user: { id: string; name: string; email: string }
  permissionType: Level
  via: 'direct' | 'inherited'
  from: { id: string; folder_name: string }
  canSet: Level[]
}

export interface AccessList {
  folder: { id: string; folder_name: string; type: FolderType }
  public: boolean
  entries: AccessEntry[]
  /** Levels the caller may grant to someone new. */
  grantableLevels: Level[]
}

export interface ShareCandidate {
  id: string
  name: string
  email: string
}

/** The share dialog's lookup: the same shape whether or not the typed address has an account. */
export interface ShareCandidates {
  /** What part of a name or address searches: everyone (super users) or the people one already shares with. */
  scope: 'everyone' | 'contacts'
  items: ShareCandidate[]
  /** The typed full e-mail address, offered for sharing by address whether or not anyone has it. */
  address: string | null
}
