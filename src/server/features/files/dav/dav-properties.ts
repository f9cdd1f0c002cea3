import type { AppDeps } from '../../../deps'
import { contentEtag } from '../../../lib/blobs/etag'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { listChildren } from '../items/children.service'
import { myStorage } from '../transfer/storage-quota'
import { checksumsXml, isChecksumsProp, OC_NS } from './dav-checksums'
import { etagOf, locksOn } from './dav-locks.service'
import { type DavResource, hrefOf, SECTIONS, type SectionName, sectionFolders } from './dav-paths'
import type { DavLockRow } from './dav-store.repository'
import { propertiesOf } from './dav-store.repository'
import { child, DAV_NS, elements, escapeXml, type XmlElement } from './dav-xml'

// PROPFIND's answer (RFC 4918 §9.1): each resource's live properties (from the file manager's rows)
// and dead ones (dav_properties), as a 207 multistatus.

/** One member of a listing, whatever its kind: what its properties are made from. */
export interface DavEntry {
  path: string
  collection: boolean
  name: string
  size?: number
  contentType?: string
  etag?: string
  created?: string
  modified?: string
  item?: { type: 'file' | 'folder'; id: string }
  /** A file's oc:checksums (its inner XML), when its hashes are known and were asked for. */
  checksums?: string
  /** For lock discovery, the resource itself (only the requested one and what a listing resolves). */
  resource?: DavResource
}

/** Until dated by datedSections, the root and the sections carry the time this process started. */
const STARTED = new Date().toISOString()

export function entryOf(r: DavResource): DavEntry {
  const name = r.path.split('/').filter(Boolean).at(-1) ?? ''
  if (r.kind === 'file')
    return {
      path: r.path,
      collection: false,
      name: r.file.filename,
      size: Number(r.file.size),
      contentType: r.file.mimetype,
      etag: etagOf(r),
      created: r.file.createdAt,
      modified: r.file.clientModifiedAt ?? r.file.updatedAt,
      item: { type: 'file', id: r.file.id },
      checksums: checksumsXml(r.file),
      resource: r,
    }
  if (r.kind === 'folder')
    return {
      path: r.path,
      collection: true,
      name: r.folder.folder_name,
      created: r.folder.createdAt,
      modified: r.folder.updatedAt,
      item: { type: 'folder', id: r.folder.id },
      resource: r,
    }
  return { path: r.path, collection: true, name, created: STARTED, modified: STARTED, resource: r }
}

/**
 * The root and the sections have no row of their own: each is dated by the newest change among the
 * top-level folders it lists (the root by its sections'), so clients show a real date.
 */
export async function datedSections(
  deps: AppDeps,
  who: SignedInCaller,
  entries: readonly DavEntry[],
): Promise<DavEntry[]> {
  const newest = new Map<string, string | undefined>()
  const dateOf = async (section: SectionName) => {
    if (!newest.has(section)) {
      const folders = await sectionFolders(deps, who, section)
      newest.set(
        section,
        folders
          .map((f) => f.updatedAt)
          .sort()
          .at(-1),
      )
    }
    return newest.get(section)
  }
  const result: DavEntry[] = []
  for (const entry of entries) {
    if (entry.item || !entry.collection) {
      result.push(entry)
      continue
    }
    const sections = (entry.path === '/' ? Object.keys(SECTIONS) : [entry.path.slice(1)]) as SectionName[]
    const dates = (await Promise.all(sections.filter((s) => s in SECTIONS).map(dateOf))).filter(
      (d): d is string => d !== undefined,
    )
    const modified = dates.sort().at(-1)
    result.push(modified ? { ...entry, modified } : entry)
  }
  return result
}

/** A subfolder as a member of the listing at `base` (a section's or a folder's). */
function folderMember(
  base: string,
  f: { id: string; folder_name: string; createdAt: string; updatedAt: string },
): DavEntry {
  return {
    path: `${base}/${f.folder_name}`,
    collection: true,
    name: f.folder_name,
    created: f.createdAt,
    modified: f.updatedAt,
    item: { type: 'folder', id: f.id },
  }
}

/** The resource's members, as entries (Depth: 1). */
export async function membersOf(deps: AppDeps, who: SignedInCaller, r: DavResource): Promise<DavEntry[]> {
  const base = r.path === '/' ? '' : r.path
  if (r.kind === 'root')
    return Object.keys(SECTIONS).map((s) => ({
      path: `/${s}`,
      collection: true,
      name: s,
      created: STARTED,
      modified: STARTED,
    }))
  if (r.kind === 'section') {
    const folders = await sectionFolders(deps, who, r.section)
    return folders.map((f) => folderMember(base, f))
  }
  if (r.kind !== 'folder') return []
  const listing = await everyChild(deps, who, r.folder.id)
  return [
    ...listing.folders.map((f) => folderMember(base, f)),
    ...listing.files.map((f) => ({
      path: `${base}/${f.filename}`,
      collection: false,
      name: f.filename,
      size: f.size,
      contentType: f.mimetype,
      etag: contentEtag(f.sha256, f.id),
      created: f.createdAt,
      modified: f.modifiedAt ?? f.updatedAt,
      item: { type: 'file' as const, id: f.id },
    })),
  ]
}

type PropfindKind = { kind: 'allprop' } | { kind: 'propname' } | { kind: 'prop'; props: XmlElement[] }

/** What a PROPFIND body asks for; an empty body is allprop. 400 for anything else. */
export function propfindRequest(body: XmlElement | undefined): PropfindKind {
  if (!body) return { kind: 'allprop' }
  if (body.ns !== DAV_NS || body.name !== 'propfind')
    throw new HttpProblem(400, 'bad_propfind', 'The body must be a DAV:propfind element.')
  if (child(body, 'propname')) return { kind: 'propname' }
  const prop = child(body, 'prop')
  if (prop) return { kind: 'prop', props: elements(prop) }
  if (child(body, 'allprop')) return { kind: 'allprop' }
  throw new HttpProblem(400, 'bad_propfind', 'Ask for allprop, propname or prop.')
}

const LIVE = [
  'displayname',
  'resourcetype',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'creationdate',
  'supportedlock',
  'lockdiscovery',
] as const

const SUPPORTED_LOCK =
  '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
  '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>'

export function activeLockXml(lock: DavLockRow, now: Date): string {
  const left = Math.max(0, Math.round((Date.parse(lock.expires_at) - now.getTime()) / 1000))
  return (
    `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:${lock.scope}/></D:lockscope>` +
    `<D:depth>${lock.depth === '0' ? '0' : 'infinity'}</D:depth>` +
    (lock.owner ? `<D:owner>${lock.owner}</D:owner>` : '') +
    `<D:timeout>Second-${left}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(hrefOf(lock.path, false))}</D:href></D:lockroot></D:activelock>`
  )
}

async function liveValue(
  deps: AppDeps,
  entry: DavEntry,
  name: (typeof LIVE)[number],
): Promise<string | undefined> {
  switch (name) {
    case 'displayname':
      return escapeXml(entry.name)
    case 'resourcetype':
      return entry.collection ? '<D:collection/>' : ''
    case 'getcontentlength':
      return entry.collection ? undefined : String(entry.size ?? 0)
    case 'getcontenttype':
      return entry.collection ? undefined : escapeXml(entry.contentType ?? 'application/octet-stream')
    case 'getetag':
      return entry.etag ? escapeXml(entry.etag) : undefined
    case 'getlastmodified':
      return entry.modified ? new Date(entry.modified).toUTCString() : undefined
    case 'creationdate':
      return entry.created ? new Date(entry.created).toISOString() : undefined
    case 'supportedlock':
      return SUPPORTED_LOCK
    case 'lockdiscovery': {
      if (!entry.resource) return ''
      const now = deps.clock()
      return (await locksOn(deps, entry.resource)).map((l) => activeLockXml(l, now)).join('')
    }
  }
}

function propXml(ns: string, name: string, inner: string | null, index: number): string {
  if (ns === DAV_NS) return inner === null ? `<D:${name}/>` : `<D:${name}>${inner}</D:${name}>`
  const decl = ns === '' ? 'xmlns=""' : `xmlns:p${index}="${escapeXml(ns)}"`
  const tag = ns === '' ? name : `p${index}:${name}`
  return inner === null ? `<${tag} ${decl}/>` : `<${tag} ${decl}>${inner}</${tag}>`
}

/**
 * RFC 4331's quota properties, for collections: the caller's bytes in use and (with a quota) still
 * free. Answered only when asked for by name, as the RFC says (never in allprop).
 */
export type DavQuota = { 'quota-used-bytes': string; 'quota-available-bytes'?: string }

export async function quotaOfCaller(deps: AppDeps, who: SignedInCaller): Promise<DavQuota> {
  const { used, quota } = await myStorage(deps, who)
  return {
    'quota-used-bytes': String(used),
    ...(quota === null ? {} : { 'quota-available-bytes': String(Math.max(0, quota - used)) }),
  }
}

/** One <D:response> for an entry. */
export async function responseXml(
  deps: AppDeps,
  entry: DavEntry,
  request: PropfindKind,
  quota?: DavQuota,
): Promise<string> {
  const dead =
    entry.item && (request.kind !== 'prop' || request.props.some((p) => p.ns !== DAV_NS))
      ? await propertiesOf(deps.database.db, entry.item.type, entry.item.id)
      : []
  const found: string[] = []
  const missing: string[] = []
  let n = 0
  if (request.kind === 'propname') {
    for (const name of LIVE)
      if ((await liveValue(deps, entry, name)) !== undefined) found.push(`<D:${name}/>`)
    if (entry.checksums) found.push(propXml(OC_NS, 'checksums', null, n++))
    for (const d of dead) found.push(propXml(d.namespace, d.name, null, n++))
  } else if (request.kind === 'allprop') {
    for (const name of LIVE) {
      const value = await liveValue(deps, entry, name)
      if (value !== undefined) found.push(propXml(DAV_NS, name, value, n++))
    }
    for (const d of dead) found.push(propXml(d.namespace, d.name, d.value, n++))
  } else {
    for (const p of request.props) {
      const live = p.ns === DAV_NS && (LIVE as readonly string[]).includes(p.name)
      const quotaValue = p.ns === DAV_NS && entry.collection ? quota?.[p.name as keyof DavQuota] : undefined
      const value = live
        ? await liveValue(deps, entry, p.name as (typeof LIVE)[number])
        : isChecksumsProp(p)
          ? entry.checksums
          : (quotaValue ?? dead.find((d) => d.namespace === p.ns && d.name === p.name)?.value)
      if (value === undefined) missing.push(propXml(p.ns, p.name, null, n++))
      else found.push(propXml(p.ns, p.name, value, n++))
    }
  }
  const stat = (props: string[], status: string) =>
    props.length
      ? `<D:propstat><D:prop>${props.join('')}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`
      : ''
  return (
    `<D:response><D:href>${escapeXml(hrefOf(entry.path, entry.collection))}</D:href>` +
    stat(found, '200 OK') +
    stat(missing, '404 Not Found') +
    '</D:response>'
  )
}

export function multistatus(responses: readonly string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>`
}

/** A folder's children, every page of them: a Depth 1 PROPFIND lists the whole collection. */
async function everyChild(deps: AppDeps, who: SignedInCaller, folderId: string) {
  type Page = Awaited<ReturnType<typeof listChildren>>
  const folders: Page['folders'] = []
  const files: Page['files'] = []
  let cursor: string | undefined
  do {
    const page = await listChildren(deps, who, folderId, {
      sort: 'name',
      order: 'asc',
      pageSize: 100,
      cursor,
    })
    folders.push(...page.folders)
    files.push(...page.files)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return { folders, files }
}
