import type { AppDeps } from '../../../deps'
import type { BlobToSend } from '../../../lib/blobs/blob-response'
import { presentation } from '../../../lib/blobs/presentation-policy'
import { problems } from '../../../lib/http/problem'
import { openLink, requireAction } from './share-link-open.service'
import { NOTHING, reachableFolder } from './share-link-reach'
import { countShareLinkUse, type ShareLinkRow, sharedFileRow } from './share-links.repository'
import { linkStopped } from './share-links.service'

// A shared file's bytes for a visitor: the shared file itself, or a file of a folder the link reaches.

/**
 * A file the link reaches, to preview or download. A download that starts at the first byte counts
 * as one use (a player's later range requests do not), and none is served past the limit.
 */
export async function sharedFileToSend(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  fileId: string,
  wanted: 'inline' | 'attachment',
  range: string | undefined,
): Promise<BlobToSend> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, wanted === 'inline' ? 'preview' : 'download')
  const db = deps.database.db
  const file = await sharedFileRow(db, fileId)
  if (!file || file.isTrashed) throw problems.notFound(NOTHING)
  if (opened.link.item_type === 'file') {
    if (file.id !== opened.link.item_id) throw problems.notFound(NOTHING)
  } else {
    await reachableFolder(deps, opened, file.folder_id)
  }
  if (wanted === 'attachment' && startsAtFirstByte(range)) await countUse(deps, opened.link)
  return {
    key: file.path,
    sha256: file.sha256,
    filename: file.filename,
    presentation: presentation(file.mimetype, wanted),
    // What a password opened must not stay in a cache the next person at the machine can read.
    ...(opened.link.password_hash !== null ? { cacheControl: 'no-store' } : {}),
  }
}

function startsAtFirstByte(range: string | undefined): boolean {
  if (!range) return true
  return /^bytes=0-/.test(range.trim())
}

export async function countUse(deps: AppDeps, link: ShareLinkRow) {
  if (!(await countShareLinkUse(deps.database.db, link.id, deps.clock())))
    throw linkStopped('This link has reached its download limit.', 'link_used_up')
}
