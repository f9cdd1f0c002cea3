import type { AppDeps } from '../../../deps'
import { HttpProblem } from '../../../lib/http/problem'
import { isChecksumsProp } from './dav-checksums'
import { assertWritable, itemOf } from './dav-locks.service'
import { isModifiedTimeProperty, propertyTime } from './dav-mtime'
import { hrefOf, isCollection } from './dav-paths'
import { multistatus } from './dav-properties'
import { XML_TYPE } from './dav-read'
import { type DavContext, davNotFound, xmlBody } from './dav-request'
import { propertiesOf, removeProperty, setClientModifiedTime, setProperty } from './dav-store.repository'
import { requireEditor } from './dav-write'
import { DAV_NS, elements, escapeXml, innerXml } from './dav-xml'

// PROPPATCH (RFC 4918 §9.2): dead properties of any namespace but DAV: are set and removed, in order
// and all or nothing; the DAV: ones and oc:checksums are live (computed from the item) and protected. An item keeps at
// most MAX_DEAD_PROPERTIES of them, each at most MAX_PROPERTY_BYTES (name and value): past either,
// the property is refused with 507 Insufficient Storage and the rest of the request with 424.
// One live property may be set: a file's DAV:getlastmodified, to an HTTP date (its client time,
// dav-mtime.ts); Win32LastModifiedTime, kept as a dead property, sets that time too.

export const MAX_PROPERTY_BYTES = 16 * 1024
export const MAX_DEAD_PROPERTIES = 100

type PropOp = { op: 'set' | 'remove'; ns: string; name: string; value: string }
type Item = { type: 'file' | 'folder'; id: string }

/** The client time an operation gives the item (a file's modification time), if it gives one. */
function clientTime(item: Item | undefined, o: PropOp): string | undefined {
  if (item?.type !== 'file' || o.op !== 'set' || !isModifiedTimeProperty(o.ns, o.name)) return undefined
  return propertyTime(o.value)
}

/** Why each operation cannot be done (its status line), or undefined when it can. */
async function refusals(
  deps: AppDeps,
  item: Item | undefined,
  ops: readonly PropOp[],
): Promise<(o: PropOp) => string | undefined> {
  const key = (o: { ns: string; name: string }) => `{${o.ns}}${o.name}`
  const kept = new Set(
    item
      ? (await propertiesOf(deps.database.db, item.type, item.id)).map((p) =>
          key({ ns: p.namespace, name: p.name }),
        )
      : [],
  )
  const over = new Set<PropOp>()
  const protectedOp = (o: PropOp) =>
    (o.ns === DAV_NS && clientTime(item, o) === undefined) || isChecksumsProp(o)
  for (const o of ops) {
    if (o.ns === DAV_NS || isChecksumsProp(o)) continue
    if (o.op === 'remove') kept.delete(key(o))
    else if (Buffer.byteLength(o.ns + o.name + o.value) > MAX_PROPERTY_BYTES) over.add(o)
    else {
      kept.add(key(o))
      if (kept.size > MAX_DEAD_PROPERTIES) over.add(o)
    }
  }
  return (o) => (protectedOp(o) ? '403 Forbidden' : over.has(o) ? '507 Insufficient Storage' : undefined)
}

export async function proppatch({ c, who, resource }: DavContext): Promise<Response> {
  const deps = c.var.deps
  if (resource.kind === 'missing' || resource.kind === 'orphan') throw davNotFound()
  const item = itemOf(resource)
  await requireEditor(deps, who, resource)
  await assertWritable(deps, who, resource, c.req.header('if'))
  const body = await xmlBody(c)
  if (!body || body.ns !== DAV_NS || body.name !== 'propertyupdate')
    throw new HttpProblem(400, 'bad_proppatch', 'The body must be a DAV:propertyupdate element.')
  const ops: PropOp[] = []
  for (const action of elements(body)) {
    if (action.ns !== DAV_NS || (action.name !== 'set' && action.name !== 'remove')) continue
    for (const prop of elements(action).filter((e) => e.ns === DAV_NS && e.name === 'prop'))
      for (const p of elements(prop))
        ops.push({ op: action.name, ns: p.ns, name: p.name, value: innerXml(p) })
  }
  const statusOf = await refusals(deps, item, ops)
  const refused = ops.some((o) => statusOf(o) !== undefined)
  if (!refused && item) {
    await deps.database.db.transaction().execute(async (trx) => {
      for (const o of ops) {
        const time = clientTime(item, o)
        if (time) await setClientModifiedTime(trx, item.id, time)
        if (o.ns === DAV_NS) continue
        if (o.op === 'set')
          await setProperty(trx, {
            item_type: item.type,
            item_id: item.id,
            namespace: o.ns,
            name: o.name,
            value: o.value,
          })
        else await removeProperty(trx, item.type, item.id, o.ns, o.name)
      }
    })
  }
  let n = 0
  const tag = (ns: string, name: string) =>
    ns === DAV_NS
      ? `<D:${name}/>`
      : ns === ''
        ? `<${name} xmlns=""/>`
        : `<p${n}:${name} xmlns:p${n++}="${escapeXml(ns)}"/>`
  const stats = ops
    .map(
      (o) =>
        `<D:propstat><D:prop>${tag(o.ns, o.name)}</D:prop><D:status>HTTP/1.1 ${!refused ? '200 OK' : (statusOf(o) ?? '424 Failed Dependency')}</D:status></D:propstat>`,
    )
    .join('')
  const xml = multistatus([
    `<D:response><D:href>${escapeXml(hrefOf(resource.path, isCollection(resource)))}</D:href>${stats}</D:response>`,
  ])
  return new Response(xml, { status: 207, headers: { 'Content-Type': XML_TYPE } })
}
