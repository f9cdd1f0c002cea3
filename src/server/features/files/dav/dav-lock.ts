import { Readable } from 'node:stream'
import { HttpProblem } from '../../../lib/http/problem'
import { lockTokenHeader } from './dav-conditions'
import {
  assertWritable,
  type LockRequest,
  lockSeconds,
  refreshLocks,
  releaseLock,
  takeLock,
} from './dav-locks.service'
import { type DavResource, resolvePath } from './dav-paths'
import { activeLockXml } from './dav-properties'
import { XML_TYPE } from './dav-read'
import { type DavContext, davForbidden, xmlBody } from './dav-request'
import { type DavLockRow, deleteLock } from './dav-store.repository'
import { requireEditor, writeFile } from './dav-write'
import { child, DAV_NS, elements, innerXml } from './dav-xml'

// LOCK and UNLOCK (RFC 4918 §9.10–9.11): write locks, exclusive or shared, Depth 0 or infinity, with a
// timeout of at most an hour. Locking a free name makes an empty file there, as §7.3 describes.

function lockAnswer(lock: DavLockRow, now: Date, status: number): Response {
  const xml =
    `<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>` +
    `${activeLockXml(lock, now)}</D:lockdiscovery></D:prop>`
  return new Response(xml, {
    status,
    headers: { 'Content-Type': XML_TYPE, 'Lock-Token': `<${lock.token}>` },
  })
}

export async function lock({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  const seconds = lockSeconds(c.req.header('timeout'))
  const body = await xmlBody(c)
  if (resource.kind === 'orphan') throw new HttpProblem(409, 'conflict', 'The folder above does not exist.')
  if (resource.kind === 'root' || resource.kind === 'section') throw davForbidden('Lock a file or a folder.')
  // A lock stops everyone else's writes, so taking or refreshing one needs the right a write needs.
  if (resource.kind !== 'missing') await requireEditor(deps, who, resource)
  if (!body) {
    const refreshed = await refreshLocks(deps, who, resource, c.req.header('if'), seconds)
    return lockAnswer(refreshed, deps.clock(), 200)
  }
  if (body.ns !== DAV_NS || body.name !== 'lockinfo')
    throw new HttpProblem(400, 'bad_lockinfo', 'The body must be a DAV:lockinfo element.')
  const scopeEl = child(body, 'lockscope')
  const scope =
    scopeEl && child(scopeEl, 'shared')
      ? 'shared'
      : scopeEl && child(scopeEl, 'exclusive')
        ? 'exclusive'
        : undefined
  if (!scope || !child(body, 'locktype'))
    throw new HttpProblem(400, 'bad_lockinfo', 'Say the lock scope (exclusive or shared) and type (write).')
  const depthHeader = (c.req.header('depth') ?? 'infinity').toLowerCase()
  if (depthHeader !== '0' && depthHeader !== 'infinity')
    throw new HttpProblem(400, 'bad_depth', 'LOCK takes Depth 0 or infinity.')
  const owner = child(body, 'owner')
  const request: LockRequest = {
    scope,
    depth: depthHeader === '0' || resource.kind === 'file' ? '0' : 'infinity',
    owner: owner && elements(owner).length + owner.children.length > 0 ? innerXml(owner) : null,
    seconds,
  }
  let target: DavResource = resource
  let status = 200
  if (resource.kind === 'missing') {
    await assertWritable(deps, who, resource, c.req.header('if'))
    await writeFile(deps, who, resource, 0, Readable.from([]), undefined)
    target = await resolvePath(deps, who, resource.path.split('/').filter(Boolean))
    status = 201
  }
  const taken = await takeLock(deps, who, target, request)
  return lockAnswer(taken, deps.clock(), status)
}

export async function unlock({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  const token = lockTokenHeader(c.req.header('lock-token'))
  if (!token) throw new HttpProblem(400, 'no_lock_token', 'Send the Lock-Token header.')
  const held = await releaseLock(deps, who, resource, token)
  await deleteLock(deps.database.db, held.token)
  return new Response(null, { status: 204 })
}
