import type { AppDeps } from '../../../deps'
import { fileChecksums } from './dav-store.repository'
import type { XmlElement } from './dav-xml'

// oc:checksums, the property ownCloud and Nextcloud publish and their sync clients and rclone read
// (decision 0120): `<oc:checksum>SHA1:<hex> MD5:<hex></oc:checksum>` for a file whose hashes were
// taken while its content was stored. A file stored before then has none: the property is answered
// 404 for it, and clients fall back to size and time.

export const OC_NS = 'http://owncloud.org/ns'

export function isChecksumsProp(p: Pick<XmlElement, 'ns' | 'name'>): boolean {
  return p.ns === OC_NS && p.name === 'checksums'
}

/** The property's inner XML for a content's hashes; undefined when they are not known. */
export function checksumsXml(hashes: { sha1: string | null; md5: string | null }): string | undefined {
  if (!hashes.sha1 || !hashes.md5) return undefined
  return `<oc:checksum xmlns:oc="${OC_NS}">SHA1:${hashes.sha1} MD5:${hashes.md5}</oc:checksum>`
}

/** What withChecksums reads and sets of a listing's entry (dav-properties.ts's DavEntry). */
interface ChecksummedEntry {
  item?: { type: 'file' | 'folder'; id: string }
  checksums?: string
}

/** The entries, each file given its checksums (one statement per 500 files, whatever the listing's size). */
export async function withChecksums<E extends ChecksummedEntry>(deps: AppDeps, entries: E[]): Promise<E[]> {
  const ids = entries.filter((e) => e.item?.type === 'file' && !e.checksums).map((e) => e.item!.id)
  if (ids.length === 0) return entries
  const known = new Map(
    (await fileChecksums(deps.database.db, ids)).map((r) => [r.id, checksumsXml(r)] as const),
  )
  return entries.map((e) => {
    const checksums = e.item?.type === 'file' ? known.get(e.item.id) : undefined
    return checksums ? { ...e, checksums } : e
  })
}
