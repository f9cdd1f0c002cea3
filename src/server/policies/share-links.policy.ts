import type { ShareLinkMode, ShareLinkState } from '../../shared/contract/share-links'
import { type FolderAccess, type FolderLevel, hasAtLeast } from './folders.policy'

// Share links (product.md §8, docs/decisions/0087). Pure: the service loads the link, the item and
// the creator's access now, and asks here.
//
//  - A folder's administrators (and super users) share the folder; a file's editors (editor on its
//    folder) share the file. A file drop (upload) is for folders only.
//  - A link acts with its creator's rights as they stand at each use: a creator who is restricted,
//    gone, or no longer holds the level that made the link stops it. Inside a shared folder the link
//    reaches each subfolder the creator could share themself: a locked subfolder they hold no
//    administrator grant on stops it, with everything below.
//  - view: browse and preview; download: also download files and zips; upload: only drop files in.
//  - A link stops for good when revoked, when its item is trashed, when it expires, or when its
//    download limit is used up.

/** The level on the item's folder that creating (and, at each use, keeping) a link needs. */
export function levelToShare(itemType: 'file' | 'folder'): FolderLevel {
  return itemType === 'folder' ? 'administrator' : 'editor'
}

/** May someone with `access` on the folder (the file's folder, for a file) make or see its links? */
export function canShareByLink(itemType: 'file' | 'folder', access: FolderAccess | null): boolean {
  return access !== null && hasAtLeast(access.level, levelToShare(itemType))
}

/** Which modes a link on this kind of item may have. */
export function modeAllowed(itemType: 'file' | 'folder', mode: ShareLinkMode): boolean {
  return mode !== 'upload' || itemType === 'folder'
}

/** Is a subfolder within reach of a folder link, given its creator's access on it now? */
export function linkReachesFolder(creatorAccess: FolderAccess | null): boolean {
  return canShareByLink('folder', creatorAccess)
}

export interface LinkFacts {
  stopped_reason: 'revoked' | 'trashed' | null
  expires_at: string | null
  download_limit: number | null
  use_count: number
}

/** Where the link stands at `now`. */
export function linkState(link: LinkFacts, now: Date): ShareLinkState {
  if (link.stopped_reason) return link.stopped_reason
  if (link.expires_at && new Date(link.expires_at).getTime() <= now.getTime()) return 'expired'
  if (link.download_limit !== null && link.use_count >= link.download_limit) return 'used_up'
  return 'active'
}

export type LinkAction = 'list' | 'preview' | 'download' | 'upload'

/** What a visitor may do through a link of this mode. */
export function linkAllows(mode: ShareLinkMode, action: LinkAction): boolean {
  switch (mode) {
    case 'upload':
      return action === 'upload'
    case 'view':
      return action === 'list' || action === 'preview'
    case 'download':
      return action !== 'upload'
  }
}

/** May this person revoke the link? Its creator, or whoever may share the item now. */
export function canRevokeLink(
  actorId: string,
  link: { created_by: string | null; item_type: 'file' | 'folder' },
  access: FolderAccess | null,
): boolean {
  return link.created_by === actorId || canShareByLink(link.item_type, access)
}
