import type { ShareLinkState } from '../../../../shared/contract/share-links'

/** How a link's mode and state are named, in the form that makes one and in the list of links. */
export const MODE_LABEL = {
  view: 'View only',
  download: 'View and download',
  upload: 'File drop (upload only)',
}
export const STATE_LABEL: Record<ShareLinkState, string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Download limit reached',
  revoked: 'Revoked',
  trashed: 'Stopped: moved to trash',
}
