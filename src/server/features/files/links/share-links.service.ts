import {
  type CreatedShareLink,
  type CreateShareLink,
  FILE_DROP_DEFAULT_LIMITS,
  type ShareLink,
} from '../../../../shared/contract/share-links'
import type { AppDeps } from '../../../deps'
import { type Caller, recordedAs, type SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { newId } from '../../../lib/ids'
import { canRevokeLink, canShareByLink, linkState, modeAllowed } from '../../../policies/share-links.policy'
import { hashPassword } from '../../accounts/passwords'
import { recordAudit } from '../../audit/audit.service'
import { loadFolderAccess } from '../access/folder-access.repository'
import { readableFile, readableFolder } from '../access/item-access'
import { findFile } from '../access/item-rows.repository'
import { quotaOf } from '../transfer/storage-quota'
import { hashShareToken, shareLinkToken, shareLinkUrl } from './share-link-token'
import {
  findShareLink,
  insertShareLink,
  type ShareLinkRow,
  shareLinksOf,
  stopShareLink,
} from './share-links.repository'

// The owners' side of share links (docs/decisions/0087): list an item's links, make one, revoke one.
// Whoever may share the item (administrator of a folder, editor of a file's folder) sees and makes
// its links and copies them again at any time (share-link-token.ts); only the token's SHA-256 is kept.

type ItemType = 'file' | 'folder'

/** The item and the caller's access on the folder that decides (the file's folder for a file). */
async function sharedItem(deps: AppDeps, who: SignedInCaller, itemType: ItemType, itemId: string) {
  const db = deps.database.db
  if (itemType === 'folder') {
    const { folder, access } = await readableFolder(db, who, itemId)
    return { name: folder.folder_name, access }
  }
  const { file, access } = await readableFile(db, who, itemId)
  return { name: file.filename, access }
}

async function manageableItem(deps: AppDeps, who: SignedInCaller, itemType: ItemType, itemId: string) {
  const item = await sharedItem(deps, who, itemType, itemId)
  if (!canShareByLink(itemType, item.access))
    throw problems.forbidden(
      itemType === 'folder'
        ? 'Only administrators of this folder can share it by link.'
        : 'Only editors of this file’s folder can share it by link.',
    )
  return item
}

function present(deps: AppDeps, row: ShareLinkRow & { creator_name?: string | null }, now: Date): ShareLink {
  const state = linkState({ ...row, use_count: Number(row.use_count) }, now)
  return {
    id: row.id,
    itemType: row.item_type,
    itemId: row.item_id,
    mode: row.mode,
    hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at,
    downloadLimit: row.mode === 'upload' ? null : numberOrNull(row.download_limit),
    dropFileLimit: row.mode === 'upload' ? numberOrNull(row.download_limit) : null,
    dropByteLimit: numberOrNull(row.drop_byte_limit),
    droppedBytes: Number(row.dropped_bytes),
    useCount: Number(row.use_count),
    createdAt: row.created_at,
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
    lastUsedAt: row.last_used_at,
    state,
    // A link that stopped for good is not handed out again.
    url: state === 'active' ? shareLinkUrl(deps, row) : null,
  }
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value)
}

/**
 * The use and byte limits a new link keeps: a download link's download limit; a file drop's file and
 * byte limits, where a creator without a storage quota gets the safe defaults for what they leave out.
 */
function linkLimits(deps: AppDeps, who: SignedInCaller, input: CreateShareLink) {
  if (input.mode !== 'upload') {
    if (input.dropFileLimit || input.dropByteLimit)
      throw problems.validation({ dropFileLimit: ['Only a file drop takes files.'] })
    return { download_limit: input.downloadLimit ?? null, drop_byte_limit: null }
  }
  if (input.downloadLimit)
    throw problems.validation({ downloadLimit: ['A file drop has no downloads to limit.'] })
  const unbounded = quotaOf(deps, who) === null
  return {
    download_limit: input.dropFileLimit ?? (unbounded ? FILE_DROP_DEFAULT_LIMITS.files : null),
    drop_byte_limit: input.dropByteLimit ?? (unbounded ? FILE_DROP_DEFAULT_LIMITS.bytes : null),
  }
}

export async function listShareLinks(deps: AppDeps, who: SignedInCaller, itemType: ItemType, itemId: string) {
  await manageableItem(deps, who, itemType, itemId)
  const rows = await shareLinksOf(deps.database.db, itemType, itemId)
  const now = deps.clock()
  return { items: rows.map((r) => present(deps, { ...r, use_count: Number(r.use_count) }, now)) }
}

export async function createShareLink(
  deps: AppDeps,
  who: SignedInCaller,
  itemType: ItemType,
  itemId: string,
  input: CreateShareLink,
): Promise<CreatedShareLink> {
  await manageableItem(deps, who, itemType, itemId)
  if (!modeAllowed(itemType, input.mode))
    throw problems.validation({ mode: ['A file drop is for folders only.'] })
  const now = deps.clock()
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw problems.validation({ expiresAt: ['Choose a time in the future.'] })
  const limits = linkLimits(deps, who, input)

  const id = newId(now.getTime())
  const token = shareLinkToken(deps, id)
  const row: ShareLinkRow = {
    id,
    token_hash: hashShareToken(token),
    item_type: itemType,
    item_id: itemId,
    mode: input.mode,
    password_hash: input.password ? await hashPassword(input.password) : null,
    expires_at: expiresAt ? expiresAt.toISOString() : null,
    ...limits,
    use_count: 0,
    dropped_bytes: 0,
    created_by: who.id,
    created_at: now.toISOString(),
    last_used_at: null,
    stopped_at: null,
    stopped_reason: null,
  }
  await deps.database.db.transaction().execute(async (trx) => {
    await insertShareLink(trx, row)
    await recordAudit(
      trx,
      {
        action: 'share_link.created',
        actor: recordedAs(who),
        target: { type: itemType, id: itemId },
        from: who.from,
        details: {
          link: row.id,
          mode: row.mode,
          protectedBy: row.password_hash !== null ? 'a password' : 'nothing',
          expiresAt: row.expires_at,
          downloadLimit: row.download_limit,
          dropByteLimit: row.drop_byte_limit,
        },
      },
      now,
    )
  })
  const path = `/s/${token}`
  return {
    ...present(deps, { ...row, creator_name: who.name }, now),
    token,
    path,
    url: `${deps.env.authUrl.origin}${path}`,
  }
}

/** The access that decides on a link's item now (null when the item or its folder is gone). */
async function accessOnLinkItem(deps: AppDeps, who: Caller, link: ShareLinkRow) {
  const db = deps.database.db
  if (link.item_type === 'folder') return loadFolderAccess(db, who, link.item_id)
  const file = await findFile(db, link.item_id)
  return file ? loadFolderAccess(db, who, file.folder_id) : null
}

export async function revokeShareLink(deps: AppDeps, who: SignedInCaller, linkId: string) {
  const db = deps.database.db
  const link = await findShareLink(db, linkId)
  const access = link ? await accessOnLinkItem(deps, who, link) : null
  if (!link || !canRevokeLink(who.id, link, access))
    throw problems.notFound('There is no such link, or you cannot change it.')
  const now = deps.clock()
  await db.transaction().execute(async (trx) => {
    const stopped = await stopShareLink(trx, link.id, 'revoked', now)
    if (!stopped) return
    await recordAudit(
      trx,
      {
        action: 'share_link.revoked',
        actor: recordedAs(who),
        target: { type: link.item_type, id: link.item_id },
        from: who.from,
        details: { link: link.id },
      },
      now,
    )
  })
  return { id: link.id, revoked: true as const }
}

export const FILES_USED_UP = 'This file drop has taken all the files it accepts.'

export function linkStopped(detail: string, code = 'link_stopped'): HttpProblem {
  return new HttpProblem(410, code, detail)
}
