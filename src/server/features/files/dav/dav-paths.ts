import { nameKey } from '../../../../shared/names'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { HttpProblem } from '../../../lib/http/problem'
import { readableFile, readableFolder } from '../access/item-access'
import type { FileRow, FolderRow } from '../access/item-rows.repository'
import type { FolderView } from '../items/files.presenter'
import { homeView } from '../items/home.service'
import { findByName } from '../items/names.repository'

// What a /dav/ path names, for the caller: the root, one of the three sections the file manager's
// home shows (My folders, Shared with me, Public), a folder, a file, or a free name in a folder or
// section. The same services as the file manager decide, so the same things are visible: a locked
// folder the caller cannot open is not there at all.

export const DAV_PREFIX = '/dav'

export const SECTIONS = {
  'My folders': 'mine',
  'Shared with me': 'shared',
  Public: 'public',
} as const
export type SectionName = keyof typeof SECTIONS
export type SectionView = (typeof SECTIONS)[SectionName]

export type DavResource =
  | { kind: 'root'; path: string }
  | { kind: 'section'; path: string; section: SectionName }
  | { kind: 'folder'; path: string; section: SectionName; folder: FolderRow }
  | { kind: 'file'; path: string; section: SectionName; file: FileRow; folder: FolderRow }
  /** Nothing holds this name, and its parent exists (a folder, or a section for a top-level folder). */
  | {
      kind: 'missing'
      path: string
      section: SectionName
      name: string
      parent: { kind: 'section' } | { kind: 'folder'; folder: FolderRow }
    }
  /** Nothing holds this name and neither does its parent: PUT and MKCOL answer 409 (RFC 4918 §9.7.1). */
  | { kind: 'orphan'; path: string }

/** The decoded segments of a request path under /dav/; 400 for an undecodable one. */
export function davSegments(pathname: string): string[] {
  const rest = pathname.slice(DAV_PREFIX.length)
  const parts = rest.split('/').filter((p) => p !== '')
  try {
    return parts.map((p) => decodeURIComponent(p))
  } catch {
    throw new HttpProblem(400, 'bad_path', 'The path is not valid percent-encoding.')
  }
}

/** The canonical path of segments: "/My folders/Reports/a.txt" ("/" for the root). */
export function joinPath(segments: readonly string[]): string {
  return `/${segments.join('/')}`
}

/** The href of a path, percent-encoded segment by segment; collections end in "/". */
export function hrefOf(path: string, collection: boolean): string {
  const encoded = path
    .split('/')
    .filter((p) => p !== '')
    .map((p) => encodeURIComponent(p))
    .join('/')
  const base = `${DAV_PREFIX}/${encoded}`
  if (encoded === '') return `${DAV_PREFIX}/`
  return collection ? `${base}/` : base
}

/** The top-level folders a section lists for the caller, as the home views show them. */
export async function sectionFolders(
  deps: AppDeps,
  who: SignedInCaller,
  section: SectionName,
): Promise<FolderView[]> {
  const view = await homeView(deps, who, { view: SECTIONS[section], sort: 'name', order: 'asc' })
  return view.folders
}

export async function resolvePath(
  deps: AppDeps,
  who: SignedInCaller,
  segments: readonly string[],
): Promise<DavResource> {
  const path = joinPath(segments)
  if (segments.length === 0) return { kind: 'root', path }
  const section = segments[0] as SectionName
  if (!(section in SECTIONS)) return { kind: 'orphan', path }
  if (segments.length === 1) return { kind: 'section', path, section }
  const db = deps.database.db
  const topName = segments[1]!
  const top = (await sectionFolders(deps, who, section)).find(
    (f) => nameKey(f.folder_name) === nameKey(topName),
  )
  if (!top) {
    if (segments.length === 2)
      return { kind: 'missing', path, section, name: topName, parent: { kind: 'section' } }
    return { kind: 'orphan', path }
  }
  let folder = (await readableFolder(db, who, top.id)).folder
  for (let i = 2; i < segments.length; i++) {
    const name = segments[i]!
    const last = i === segments.length - 1
    const holder = await findByName(db, folder.id, name)
    const visible = holder ? await openable(deps, who, holder) : undefined
    if (!visible) {
      if (last) return { kind: 'missing', path, section, name, parent: { kind: 'folder', folder } }
      return { kind: 'orphan', path }
    }
    if (visible.kind === 'file') {
      if (!last) return { kind: 'orphan', path }
      return { kind: 'file', path, section, file: visible.file, folder }
    }
    folder = visible.folder
  }
  return { kind: 'folder', path, section, folder }
}

/** The item if the caller can open it (a locked folder they cannot is not there for them). */
async function openable(
  deps: AppDeps,
  who: SignedInCaller,
  holder: { type: 'file' | 'folder'; id: string },
): Promise<{ kind: 'file'; file: FileRow } | { kind: 'folder'; folder: FolderRow } | undefined> {
  const db = deps.database.db
  try {
    if (holder.type === 'file') return { kind: 'file', file: (await readableFile(db, who, holder.id)).file }
    return { kind: 'folder', folder: (await readableFolder(db, who, holder.id)).folder }
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 404) return undefined
    throw error
  }
}

export const isCollection = (r: DavResource) =>
  r.kind === 'root' || r.kind === 'section' || r.kind === 'folder'
