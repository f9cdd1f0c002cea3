import type { Readable } from 'node:stream'
import type { SharedListing, ShareLinkInfo } from '../../../../shared/contract/share-links'
import { NAME_PROBLEM_MESSAGES, nameProblem } from '../../../../shared/names'
import type { AppDeps } from '../../../deps'
import type { BlobToSend } from '../../../lib/http/blob-response'
import type { RequestOrigin, SignedInCaller } from '../../../lib/http/caller'
import { presentation } from '../../../lib/http/presentation-policy'
import { HttpProblem, problems } from '../../../lib/http/problem'
import { hitRateLimit, resetRateLimit } from '../../../lib/rate-limit/rate-limit'
import { signingKey, signToken, verifyToken } from '../../../lib/signed-token'
import { BlobTooLargeError } from '../../../lib/storage'
import { enqueueBlobDeletions } from '../../../lib/storage/blob-deletions.repository'
import type { ZipEntry } from '../../../lib/zip/stored-zip'
import { NameSet, safeSegment } from '../../../lib/zip/zip-names'
import {
  type FolderAccess,
  type FolderGrant,
  type FolderNode,
  isFolderSuperUser,
  resolveFolderAccess,
} from '../../../policies/folders.policy'
import {
  canShareByLink,
  type LinkAction,
  linkAllows,
  linkReachesFolder,
  linkState,
} from '../../../policies/share-links.policy'
import { verifyPassword } from '../../accounts/passwords'
import { parseStaffFunctions } from '../../accounts/sessions.service'
import { recordAudit } from '../../audit/audit.service'
import { notify } from '../../notifications/notify'
import { loadGrants } from '../access/folder-access.repository'
import { createFileRecord } from '../items/files.repository'
import { detectBlobMimeType } from '../transfer/content-type'
import { checkStorage, reserveStorage } from '../transfer/storage-quota'
import {
  countShareLinkUse,
  findShareLinkByHash,
  folderPath,
  linkCreator,
  type PathFolder,
  type ShareLinkRow,
  sharedFileRow,
  sharedFiles,
  sharedSubfolders,
} from './share-links.repository'
import { hashShareToken, linkStopped } from './share-links.service'

// The visitors' side of share links (docs/decisions/0087): anyone holding a link's token. Every
// request opens the link afresh: it must be running (not revoked, trashed, expired or used up), its
// item untrashed, its creator unrestricted and still able to share the item; a password-protected
// link also needs the key its unlock gave. Inside a shared folder the visitor reaches exactly the
// subfolders the creator could share (linkReachesFolder); anything else is 404, as a wrong id is.

const KEY_PURPOSE = 'share-link-key-v1'
const KEY_LIFETIME_MS = 12 * 60 * 60 * 1000
/** Password attempts per link, and per client address across links. */
const UNLOCK_PER_LINK = { limit: 10, windowMs: 15 * 60 * 1000 }
const UNLOCK_PER_ADDRESS = { limit: 30, windowMs: 15 * 60 * 1000 }

const NOTHING = 'There is nothing here, or this link does not reach it.'

interface OpenedLink {
  link: ShareLinkRow
  /** The link acts with its creator's rights as they stand now. */
  creator: SignedInCaller
  unlocked: boolean
}

function keyFor(deps: AppDeps) {
  if (!deps.env.authSecret) throw new Error('AUTH_SECRET is not set')
  return signingKey(deps.env.authSecret, KEY_PURPOSE)
}

function creatorAsCaller(row: NonNullable<Awaited<ReturnType<typeof linkCreator>>>): SignedInCaller {
  return {
    kind: 'user',
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    staffFunctions: parseStaffFunctions(row.staffFunctions),
    isRestricted: row.isRestricted,
    emailVerified: true,
  }
}

/** The link behind a token, if it is running now; 404 for an unknown token, 410 once it stopped. */
async function openLink(deps: AppDeps, token: string, key: string | undefined): Promise<OpenedLink> {
  const db = deps.database.db
  const link = await findShareLinkByHash(db, hashShareToken(token))
  if (!link) throw problems.notFound('There is no such link.')
  const row = { ...link, use_count: Number(link.use_count) }
  const state = linkState(row, deps.clock())
  if (state === 'expired') throw linkStopped('This link has expired.', 'link_expired')
  if (state === 'used_up') throw linkStopped('This link has reached its download limit.', 'link_used_up')
  if (state !== 'active') throw linkStopped('This link no longer works.')

  const creatorRow = row.created_by ? await linkCreator(db, row.created_by) : undefined
  if (!creatorRow || creatorRow.isRestricted) throw linkStopped('This link no longer works.')
  const creator = creatorAsCaller(creatorRow)
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

function keyOpens(deps: AppDeps, key: string | undefined, linkId: string): boolean {
  const payload = verifyToken(keyFor(deps), key)
  return payload?.l === linkId && typeof payload.x === 'number' && payload.x > deps.clock().getTime()
}

function requireUnlocked(opened: OpenedLink) {
  if (!opened.unlocked) throw new HttpProblem(401, 'password_required', 'This link needs its password.')
}

function requireAction(opened: OpenedLink, action: LinkAction) {
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

/**
 * The creator's access on each folder of `path` (nearest first, ending at a top-level folder) and on
 * `children` of path[0], by the folder rule, from one load of their grants.
 */
async function creatorAccessAlong(
  deps: AppDeps,
  creator: SignedInCaller,
  path: readonly PathFolder[],
  children: readonly FolderNode[],
): Promise<Map<string, FolderAccess>> {
  const nodes = (list: readonly PathFolder[]): FolderNode[] =>
    list.map((f) => ({ id: f.id, type: f.type, parent_id: f.parent_id }))
  let grants: FolderGrant[] = []
  if (!isFolderSuperUser(creator))
    grants = await loadGrants(deps.database.db, creator.id, [
      ...path.map((f) => f.id),
      ...children.map((f) => f.id),
    ])
  const result = new Map<string, FolderAccess>()
  const chain = nodes(path)
  for (let i = 0; i < chain.length; i++)
    result.set(chain[i]!.id, resolveFolderAccess(creator, chain.slice(i), grants))
  for (const child of children) result.set(child.id, resolveFolderAccess(creator, [child, ...chain], grants))
  return result
}

/**
 * A folder within the link's reach: inside the shared folder (or it), untrashed, and each folder from
 * the shared one down to it one the creator could share. 404 otherwise.
 */
async function reachableFolder(deps: AppDeps, opened: OpenedLink, folderId: string) {
  const { link, creator } = opened
  if (link.item_type !== 'folder') throw problems.notFound(NOTHING)
  const path = await folderPath(deps.database.db, folderId)
  const rootIndex = path.findIndex((f) => f.id === link.item_id)
  if (rootIndex < 0) throw problems.notFound(NOTHING)
  const inside = path.slice(0, rootIndex + 1)
  if (inside.some((f) => f.isTrashed)) throw problems.notFound(NOTHING)
  const access = await creatorAccessAlong(deps, creator, path, [])
  if (!inside.every((f) => linkReachesFolder(access.get(f.id) ?? null))) throw problems.notFound(NOTHING)
  return { folder: path[0]!, path, inside }
}

/** The subfolders of a reachable folder that the link also reaches. */
async function reachableChildren(deps: AppDeps, opened: OpenedLink, path: readonly PathFolder[]) {
  const children = await sharedSubfolders(deps.database.db, path[0]!.id)
  const access = await creatorAccessAlong(deps, opened.creator, path, children)
  return children.filter((c) => linkReachesFolder(access.get(c.id) ?? null))
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
  }
}

function presentFile(row: {
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

function issueKey(deps: AppDeps, linkId: string) {
  const expires = deps.clock().getTime() + KEY_LIFETIME_MS
  return {
    key: signToken(keyFor(deps), { l: linkId, x: expires }),
    expiresAt: new Date(expires).toISOString(),
  }
}

export async function sharedListing(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  folderId: string | undefined,
): Promise<SharedListing> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'list')
  if (opened.link.item_type !== 'folder') throw problems.notFound(NOTHING)
  const { folder, path, inside } = await reachableFolder(deps, opened, folderId ?? opened.link.item_id)
  const folders = await reachableChildren(deps, opened, path)
  const files = await sharedFiles(deps.database.db, folder.id)
  const present = (f: { id: string; folder_name: string; updatedAt: string }) => ({
    id: f.id,
    folder_name: f.folder_name,
    updatedAt: f.updatedAt,
  })
  return {
    folder: present(folder),
    breadcrumbs: [...inside].reverse().map((f) => ({ id: f.id, folder_name: f.folder_name })),
    folders: folders.map(present),
    files: files.map(presentFile),
    canDownload: linkAllows(opened.link.mode, 'download'),
  }
}

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
  }
}

function startsAtFirstByte(range: string | undefined): boolean {
  if (!range) return true
  return /^bytes=0-/.test(range.trim())
}

async function countUse(deps: AppDeps, link: ShareLinkRow) {
  if (!(await countShareLinkUse(deps.database.db, link.id, deps.clock())))
    throw linkStopped('This link has reached its download limit.', 'link_used_up')
}

const IN_BATCH = 500

/** A reachable folder of a shared folder as zip entries: everything below it the link reaches. */
export async function sharedZipEntries(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  folderId: string | undefined,
): Promise<{ name: string; entries: ZipEntry[] }> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'download')
  const { folder, path } = await reachableFolder(deps, opened, folderId ?? opened.link.item_id)
  const db = deps.database.db

  // Walk down level by level, each folder's children decided against its own path.
  const children = new Map<string, PathFolder[]>()
  const all: string[] = [folder.id]
  let level: PathFolder[][] = [path]
  while (level.length > 0) {
    const next: PathFolder[][] = []
    for (const parentPath of level) {
      const kids = await reachableChildren(deps, opened, parentPath)
      const rows = kids.map((k) => ({ ...k, isTrashed: false }))
      children.set(parentPath[0]!.id, rows)
      for (const row of rows) {
        all.push(row.id)
        next.push([row, ...parentPath])
      }
    }
    level = next
  }
  const filesByFolder = new Map<string, Awaited<ReturnType<typeof sharedFiles>>>()
  for (let i = 0; i < all.length; i += IN_BATCH) {
    for (const id of all.slice(i, i + IN_BATCH)) filesByFolder.set(id, await sharedFiles(db, id))
  }
  await countUse(deps, opened.link)

  const entries: ZipEntry[] = []
  const rootName = safeSegment(folder.folder_name)
  const visit = (current: { id: string; updatedAt: string }, prefix: string) => {
    entries.push({ name: prefix, kind: 'directory', size: 0, modifiedAt: new Date(current.updatedAt) })
    const names = new NameSet()
    for (const sub of children.get(current.id) ?? [])
      visit(sub, `${prefix}/${names.take(safeSegment(sub.folder_name))}`)
    for (const file of filesByFolder.get(current.id) ?? []) {
      const blobKey = file.path
      entries.push({
        name: `${prefix}/${names.take(safeSegment(file.filename))}`,
        kind: 'file',
        size: Number(file.size),
        modifiedAt: new Date(file.updatedAt),
        open: async () => (await deps.storage.get(blobKey)).body,
      })
    }
  }
  visit(folder, rootName)
  return { name: rootName, entries }
}

/**
 * A visitor drops a file into a file-drop link's folder. It is the creator's file (their quota, their
 * name as its uploader); they are notified, and the drop is audited.
 */
export async function dropFile(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  input: { name: string; body: Readable | AsyncIterable<Uint8Array>; contentLength: number | undefined },
  from: RequestOrigin | undefined,
) {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'upload')
  const { link, creator } = opened
  const problem = nameProblem(input.name)
  if (problem) throw problems.validation({ name: [NAME_PROBLEM_MESSAGES[problem]] })
  const { maxBytes } = deps.env.uploads
  if (input.contentLength !== undefined && input.contentLength > maxBytes)
    throw new HttpProblem(413, 'upload_too_large', `Files can be at most ${maxBytes} bytes.`)
  const db = deps.database.db
  if (input.contentLength !== undefined)
    await checkStorage(db, deps, creator, input.contentLength, deps.clock(), 'upload')

  let blob: Awaited<ReturnType<typeof deps.storage.put>>
  try {
    blob = await deps.storage.put(input.body, { maxBytes })
  } catch (error) {
    if (error instanceof BlobTooLargeError)
      throw new HttpProblem(413, 'upload_too_large', `Files can be at most ${maxBytes} bytes.`)
    throw error
  }
  const name = input.name.normalize('NFC')
  try {
    const mimetype = await detectBlobMimeType(deps.storage, blob, name)
    return await db.transaction().execute(async (trx) => {
      const now = deps.clock()
      await reserveStorage(trx, deps, creator, blob.size, now, 'upload')
      const file = await createFileRecord(trx, {
        folderId: link.item_id,
        wantedName: name,
        blob,
        mimetype,
        originalname: name,
        createdBy: creator.id,
        now,
      })
      await trx
        .updateTable('share_links')
        .set((eb) => ({ use_count: eb('use_count', '+', 1), last_used_at: now.toISOString() }))
        .where('id', '=', link.id)
        .execute()
      const folder = await folderPath(trx, link.item_id)
      await recordAudit(
        trx,
        {
          action: 'share_link.file_dropped',
          target: { type: 'file', id: file.id },
          from,
          details: { link: link.id, size: blob.size },
        },
        now,
      )
      await notify(
        trx,
        {
          type: 'file',
          action: 'uploaded',
          actor: { id: null, name: 'A visitor through a file drop link' },
          mainItem: file.filename,
          subItem: folder[0]?.folder_name ?? null,
          audience: { forUsers: [creator.id] },
          refs: { folder_id: file.folder_id, file_id: file.id },
        },
        now,
      )
      return { filename: file.filename, size: blob.size }
    })
  } catch (error) {
    await enqueueBlobDeletions(db, [blob.key], deps.clock())
    throw error
  }
}
