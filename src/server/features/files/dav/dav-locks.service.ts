import { randomUUID } from 'node:crypto'
import type { AppDeps } from '../../../deps'
import { contentEtag } from '../../../lib/blobs/etag'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { loadAncestors } from '../items/tree.repository'
import { type IfList, parseIfHeader, submittedTokens } from './dav-conditions'
import { type DavResource, davSegments, resolvePath } from './dav-paths'
import {
  type DavLockRow,
  deleteExpiredLocks,
  findLock,
  insertLock,
  locksBelow,
  locksCovering,
  refreshLock,
} from './dav-store.repository'

// WebDAV locks (RFC 4918 §6–7, class 2), kept in the database so all instances agree. A lock covers the
// item it was taken on (and, at Depth infinity, everything below a folder, by the folder's id), so it
// holds whichever section the item is reached through; it also names the path it was taken on, for
// discovery. A write to a locked resource must submit the lock's token in the If header (else 423);
// then the If header's own conditions must hold (else 412).

export const MAX_LOCK_SECONDS = 3600
export const DEFAULT_LOCK_SECONDS = 600

export const davLocked = (detail = 'The resource is locked. Send its lock token in an If header.') =>
  new HttpProblem(423, 'locked', detail)
export const davPreconditionFailed = (detail = 'A condition of the If header does not hold.') =>
  new HttpProblem(412, 'precondition_failed', detail)

/** The item a resource stands for, if any. */
export function itemOf(r: DavResource): { type: 'file' | 'folder'; id: string } | undefined {
  if (r.kind === 'file') return { type: 'file', id: r.file.id }
  if (r.kind === 'folder') return { type: 'folder', id: r.folder.id }
  return undefined
}

/** The path prefixes above a path: "/A/B/c" → ["/A/B", "/A"]. */
function pathsAbove(path: string): string[] {
  const parts = path.split('/').filter(Boolean)
  const result: string[] = []
  for (let n = parts.length - 1; n >= 1; n--) result.push(`/${parts.slice(0, n).join('/')}`)
  return result
}

async function folderIdsAbove(deps: AppDeps, r: DavResource): Promise<string[]> {
  const db = deps.database.db
  if (r.kind === 'file') return (await loadAncestors(db, r.file.folder_id)).map((f) => f.id)
  if (r.kind === 'folder') return (await loadAncestors(db, r.folder.id)).slice(1).map((f) => f.id)
  if (r.kind === 'missing' && r.parent.kind === 'folder')
    return (await loadAncestors(db, r.parent.folder.id)).map((f) => f.id)
  return []
}

/** The unexpired locks on a resource: its own, and the deep ones of the folders above it. */
export async function locksOn(deps: AppDeps, r: DavResource): Promise<DavLockRow[]> {
  const db = deps.database.db
  const now = deps.clock()
  const item = itemOf(r)
  const above = await folderIdsAbove(deps, r)
  const rows = await locksCovering(
    db,
    [r.path, ...pathsAbove(r.path)],
    [...(item ? [item.id] : []), ...above],
    now,
  )
  return rows.filter((l) => {
    const own = item ? l.item_id === item.id : l.path === r.path && l.item_id === null
    return own || l.depth === 'infinity'
  })
}

/** The ETag a condition compares with: the one GET sends. */
export function etagOf(r: DavResource): string | undefined {
  if (r.kind === 'file') return contentEtag(r.file.sha256, r.file.path)
  return undefined
}

/**
 * Checks a write to `r` (and, for `deep`, to everything below it) may go ahead: every lock on it is
 * the caller's and its token is submitted (423 otherwise), then the If header holds (412 otherwise).
 */
export async function assertWritable(
  deps: AppDeps,
  who: SignedInCaller,
  r: DavResource,
  ifHeader: string | undefined,
  options: { deep?: boolean; resolveTag?: (url: string) => Promise<DavResource | undefined> } = {},
): Promise<void> {
  const lists = parseIf(ifHeader)
  const tokens = submittedTokens(lists)
  const resolveTag =
    options.resolveTag ??
    ((url: string) =>
      resolvePath(deps, who, davSegments(new URL(url, 'http://tag.invalid').pathname)).catch(() => undefined))
  const locks = await locksOn(deps, r)
  if (options.deep && (r.kind === 'folder' || r.kind === 'section'))
    locks.push(...(await locksBelow(deps.database.db, r.path, deps.clock())))
  for (const lock of locks) {
    if (!tokens.has(lock.token) || lock.user_id !== who.id) throw davLocked()
  }
  await assertIfHolds(deps, r, lists, resolveTag)
}

/** The If header's lists for the resource: at least one must hold (RFC 4918 §10.4.1). */
export async function assertIfHolds(
  deps: AppDeps,
  r: DavResource,
  lists: readonly IfList[],
  resolveTag?: (url: string) => Promise<DavResource | undefined>,
): Promise<void> {
  if (lists.length === 0) return
  const cache = new Map<string, DavResource | undefined>()
  for (const list of lists) {
    let target: DavResource | undefined = r
    if (list.resource !== undefined) {
      if (!cache.has(list.resource)) cache.set(list.resource, await resolveTag?.(list.resource))
      target = cache.get(list.resource)
    }
    if (!target) continue
    const tokens = new Set((await locksOn(deps, target)).map((l) => l.token))
    const etag = etagOf(target)
    const holds = list.conditions.every((c) => {
      const match = c.kind === 'token' ? tokens.has(c.value) : etag !== undefined && c.value === etag
      return c.not ? !match : match
    })
    if (holds) return
  }
  throw davPreconditionFailed()
}

export function parseIf(header: string | undefined): IfList[] {
  try {
    return parseIfHeader(header)
  } catch {
    throw new HttpProblem(400, 'bad_if_header', 'The If header is malformed.')
  }
}

export interface LockRequest {
  scope: 'exclusive' | 'shared'
  depth: '0' | 'infinity'
  owner: string | null
  seconds: number
}

/** Takes a new lock on `r` for the caller; 423 when a lock in the way is not compatible. */
export async function takeLock(
  deps: AppDeps,
  who: SignedInCaller,
  r: DavResource,
  request: LockRequest,
): Promise<DavLockRow> {
  const db = deps.database.db
  const now = deps.clock()
  await deleteExpiredLocks(db, now)
  const existing = await locksOn(deps, r)
  if (request.depth === 'infinity') existing.push(...(await locksBelow(db, r.path, now)))
  for (const lock of existing) {
    if (lock.scope === 'exclusive' || request.scope === 'exclusive') throw davLocked()
  }
  const item = itemOf(r)
  const row: DavLockRow = {
    token: `opaquelocktoken:${randomUUID()}`,
    user_id: who.id,
    path: r.path,
    item_type: item?.type ?? null,
    item_id: item?.id ?? null,
    depth: request.depth,
    scope: request.scope,
    owner: request.owner,
    timeout_seconds: request.seconds,
    expires_at: new Date(now.getTime() + request.seconds * 1000).toISOString(),
    created_at: now.toISOString(),
  }
  await insertLock(db, row)
  return row
}

/** LOCK without a body: refreshes the submitted lock that covers `r`; 412 when none does. */
export async function refreshLocks(
  deps: AppDeps,
  who: SignedInCaller,
  r: DavResource,
  ifHeader: string | undefined,
  seconds: number,
): Promise<DavLockRow> {
  const tokens = submittedTokens(parseIf(ifHeader))
  const lock = (await locksOn(deps, r)).find((l) => tokens.has(l.token) && l.user_id === who.id)
  if (!lock) throw davPreconditionFailed('Send the token of a lock on this resource to refresh it.')
  const expiresAt = new Date(deps.clock().getTime() + seconds * 1000).toISOString()
  await refreshLock(deps.database.db, lock.token, seconds, expiresAt)
  return { ...lock, timeout_seconds: seconds, expires_at: expiresAt }
}

/** UNLOCK: the token must name a lock covering `r` (409 otherwise) that the caller holds (403). */
export async function releaseLock(deps: AppDeps, who: SignedInCaller, r: DavResource, token: string) {
  const lock = await findLock(deps.database.db, token, deps.clock())
  const covering = (await locksOn(deps, r)).some((l) => l.token === token)
  if (!lock || !covering) throw new HttpProblem(409, 'lock_token_mismatch', 'No such lock on this resource.')
  if (lock.user_id !== who.id) throw new HttpProblem(403, 'forbidden', 'This lock is held by someone else.')
  return lock
}

/** The Timeout header's first acceptable value ("Second-600", "Infinite"), capped. */
export function lockSeconds(header: string | undefined): number {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim()
    if (/^infinite$/i.test(value)) return MAX_LOCK_SECONDS
    const match = /^second-(\d+)$/i.exec(value)
    if (match) return Math.max(1, Math.min(Number(match[1]), MAX_LOCK_SECONDS))
  }
  return DEFAULT_LOCK_SECONDS
}
