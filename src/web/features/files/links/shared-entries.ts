import type { Crumb, FileItem, FolderItem } from '../../../../shared/contract/files-responses'
import type { SharedFile, SharedListing } from '../../../../shared/contract/share-links'
import type { FileAddresses } from '../file-addresses'
import { sharedUrl } from './share-links-api'

// A share link's listing in the file manager's own shapes, so its page reuses the listing, the
// preview dialog, the zip download and the breadcrumbs as they are. A visitor may do nothing to an
// item (every ability false) except download when the link allows it; the ids and names are the
// only facts the server sent.

const NO_FOLDER_ABILITIES: FolderItem['abilities'] = {
  list: true,
  write: false,
  rename: false,
  move: false,
  trash: false,
  copy: false,
  share: false,
  makeLocked: false,
  makePublic: false,
}

export function sharedFolderItem(f: SharedListing['folders'][number], parentId: string | null): FolderItem {
  return {
    id: f.id,
    folder_name: f.folder_name,
    // What a visitor sees is read-only and never says which folders are locked.
    type: 'public',
    parent_id: parentId,
    isTrashed: false,
    createdBy: null,
    createdAt: f.updatedAt,
    updatedAt: f.updatedAt,
    access: { level: 'viewer', via: 'none' },
    abilities: NO_FOLDER_ABILITIES,
  }
}

export function sharedFileItem(f: SharedFile, folderId: string, canDownload: boolean): FileItem {
  return {
    id: f.id,
    filename: f.filename,
    mimetype: f.mimetype,
    originalname: f.filename,
    size: f.size,
    folder_id: folderId,
    isTrashed: false,
    sha256: null,
    createdBy: null,
    createdAt: f.updatedAt,
    updatedAt: f.updatedAt,
    abilities: {
      download: canDownload,
      replace: false,
      rename: false,
      move: false,
      copy: false,
      trash: false,
    },
  }
}

export function sharedCrumbs(listing: SharedListing): Crumb[] {
  return listing.breadcrumbs.map((b) => ({ id: b.id, folder_name: b.folder_name, type: 'public' }))
}

/**
 * The link's addresses: folders are pages of the link (/s/:token, ?folder= below the shared one),
 * bytes are the link's API with its key. There are no thumbnails through a link.
 */
export function linkAddresses(token: string, sharedFolderId: string | null): FileAddresses {
  const page = `/s/${encodeURIComponent(token)}`
  return {
    folderPage: (id) => (id === sharedFolderId ? page : `${page}?folder=${encodeURIComponent(id)}`),
    preview: (id) => sharedUrl(token, `/files/${encodeURIComponent(id)}/preview`),
    download: (id) => sharedUrl(token, `/files/${encodeURIComponent(id)}/download`),
    thumbnail: () => null,
    zip: (id) => sharedUrl(token, '/zip', { folder: id === sharedFolderId ? undefined : id }),
    root: null,
  }
}
