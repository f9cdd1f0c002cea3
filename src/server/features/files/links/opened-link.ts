import type { SignedInCaller } from '../../../lib/http/caller'
import type { ShareLinkRow } from './share-links.repository'

/** A share link opened for one visitor's request (share-link-open.service.ts): what every next step takes. */
export interface OpenedLink {
  link: ShareLinkRow
  /** The link acts with its creator's rights as they stand now. */
  creator: SignedInCaller
  unlocked: boolean
}
