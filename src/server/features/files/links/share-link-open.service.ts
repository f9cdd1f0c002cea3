import type { ShareLinkInfo } from '../../../../shared/contract/share-links'
import type { AppDeps } from '../../../deps'
import type { RequestOrigin } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { hitRateLimit, resetRateLimit } from '../../../lib/rate-limit/rate-limit'
import { canShareByLink, type LinkAction, linkAllows, linkState } from '../../../policies/share-links.policy'
import { verifyPassword } from '../../accounts/passwords'
import { recordAudit } from '../../audit/audit.service'
import { actingUser } from '../access/acting-user'
import { actingUserRow } from '../access/acting-user.repository'
import type { OpenedLink } from './opened-link'
import { issueKey, keyOpens } from './share-link-keys'
import { creatorAccessAlong } from './share-link-reach'
import { hashShareToken } from './share-link-token'
import { findShareLinkByHash, folderPath, sharedFileRow } from './share-links.repository'
import { FILES_USED_UP, linkStopped } from './share-links.service'

// Opening a share link (docs/decisions/0087), the first step of every visitor's request: anyone
// holding a link's token. Every request opens the link afresh: it must be running (not revoked,
// trashed, expired or used up), its item untrashed, its creator unrestricted and still able to share
// the item; a password-protected link also needs the key its unlock gave. What the link reaches
// inside a shared folder is decided in share-link-reach.ts.
//
// Here: opening, what the link shares, and its password. What the visitor may do next is in
// shared-folder.service (listing, zip), shared-file.service (preview, download) and file-drop.service.

/** Password attempts per link, and per client address across links. */
const UNLOCK_PER_LINK = { limit: 10, windowMs: 15 * 60 * 1000 }
const UNLOCK_PER_ADDRESS = { limit: 30, windowMs: 15 * 60 * 1000 }

/** The link behind a token, if it is running now; 404 for an unknown token, 410 once it stopped. */
export async function openLink(deps: AppDeps, token: string, key: string | undefined): Promise<OpenedLink> {
  const db = deps.database.db
  const link = await findShareLinkByHash(db, hashShareToken(token))
  if (!link) throw problems.notFound('There is no such link.')
  const row = { ...link, use_count: Number(link.use_count) }
  const state = linkState(row, deps.clock())
  if (state === 'expired') throw linkStopped('This link has expired.', 'link_expired')
  if (state === 'used_up')
    throw linkStopped(
      row.mode === 'upload' ? FILES_USED_UP : 'This link has reached its download limit.',
      'link_used_up',
    )
  if (state === 'revoked') throw linkStopped('Its owner has turned this link off.')
  if (state === 'trashed') throw linkStopped('What this link shared has been deleted.')

  const creatorRow = row.created_by ? await actingUserRow(db, row.created_by) : undefined
  if (!creatorRow || creatorRow.isRestricted) throw linkStopped('This link no longer works.')
  const creator = actingUser(creatorRow)
  // Trashing the item stops the link for good (the trash does that); restricting it, or the
  // creator losing the level that made the link, stops it for as long as that lasts.
  const folderId =
    row.item_type === 'folder' ? row.item_id : (await sharedFileRow(db, row.item_id))?.folder_id
  const file = row.item_type === 'file' ? await sharedFileRow(db, row.item_id) : undefined
  if (!folderId || file?.isTrashed) throw linkStopped('This link no longer works.')
  const path = await folderPath(db, folderId)
  if (path.length === 0 || path[0]!.isTrashed) throw linkStopped('This link no longer works.')
  const access = await creatorAccessAlong(deps, creator, path, [])
  if (!canShareByLink(row.item_type, access.get(folderId) ?? null))
    throw linkStopped('This link no longer works.')

  const unlocked = row.password_hash === null || keyOpens(deps, key, row.id)
  return { link: row, creator, unlocked }
}

export function requireUnlocked(opened: OpenedLink) {
  if (!opened.unlocked) throw new HttpProblem(401, 'password_required', 'This link needs its password.')
}

export function requireAction(opened: OpenedLink, action: LinkAction) {
  requireUnlocked(opened)
  if (!linkAllows(opened.link.mode, action))
    throw problems.forbidden(
      action === 'upload'
        ? 'This link does not take files.'
        : action === 'download'
          ? 'This link lets you view, not download.'
          : 'This link only takes files.',
    )
}

export async function shareLinkInfo(
  deps: AppDeps,
  token: string,
  key: string | undefined,
): Promise<ShareLinkInfo> {
  const opened = await openLink(deps, token, key)
  const { link, unlocked } = opened
  let name = ''
  let file: ShareLinkInfo['file'] = null
  if (unlocked) {
    if (link.item_type === 'folder') {
      name = (await folderPath(deps.database.db, link.item_id))[0]?.folder_name ?? ''
    } else {
      const row = (await sharedFileRow(deps.database.db, link.item_id))!
      name = row.filename
      file = presentFile(row)
    }
  }
  return {
    itemType: link.item_type,
    mode: link.mode,
    name,
    needsPassword: !unlocked,
    expiresAt: link.expires_at,
    file,
    sharedBy: unlocked ? opened.creator.name : null,
    sharedAt: unlocked ? link.created_at : null,
  }
}

export function presentFile(row: {
  id: string
  filename: string
  mimetype: string
  size: number
  updatedAt: string
}) {
  return {
    id: row.id,
    filename: row.filename,
    mimetype: row.mimetype,
    size: Number(row.size),
    updatedAt: row.updatedAt,
  }
}

/** Checks a link's password (throttled per link and per address); a key to send with later requests. */
export async function unlockShareLink(
  deps: AppDeps,
  token: string,
  password: string,
  from: RequestOrigin | undefined,
  ipAddress: string,
) {
  const opened = await openLink(deps, token, undefined)
  const { link } = opened
  const db = deps.database.db
  const now = deps.clock()
  if (link.password_hash === null) return issueKey(deps, link.id)
  const linkKey = `share-link:unlock:${link.id}`
  for (const rule of [
    { key: linkKey, ...UNLOCK_PER_LINK },
    { key: `share-link:unlock-ip:${ipAddress}`, ...UNLOCK_PER_ADDRESS },
  ]) {
    const result = await hitRateLimit(db, { ...rule, now })
    if (!result.allowed)
      throw problems.rateLimited(
        result.retryAfterSeconds,
        'Too many wrong passwords for this link. Please wait and try again.',
      )
  }
  if (!(await verifyPassword(link.password_hash, password))) {
    await recordAudit(
      db,
      {
        action: 'share_link.password_failed',
        target: { type: link.item_type, id: link.item_id },
        from,
        details: { link: link.id },
      },
      now,
    )
    throw new HttpProblem(401, 'wrong_password', 'That is not the password of this link.', {
      password: ['That is not the password of this link.'],
    })
  }
  await resetRateLimit(db, linkKey)
  return issueKey(deps, link.id)
}
