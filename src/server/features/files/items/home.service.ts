import type { HomeQuery } from '../../../../shared/contract/files'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { containsPattern } from '../../../lib/list-query/like-pattern'
import { type FolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { loadFolderAccess, loadFolderChain } from '../access/folder-access.repository'
import type { FolderRow } from '../access/item-rows.repository'
import { presentFile, presentFolder } from './files.presenter'
import {
  administeredTopFolders,
  folderNames,
  grantedFolders,
  searchByName,
  topFolders,
} from './home.repository'

// The file manager's home views (product.md §2): Public, Shared with me, My folders, All folders (super
// users), and search by name over everything the caller can open.

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const SEARCH_LIMIT = 50

export async function homeView(deps: AppDeps, who: SignedInCaller, query: HomeQuery) {
  const db = deps.database.db
  let rows: FolderRow[]
  if (query.view === 'all') {
    if (!isFolderSuperUser(who))
      throw problems.forbidden('Only administrators and folder managers see all folders.')
    rows = await topFolders(db, 'all')
  } else if (query.view === 'public') {
    rows = await topFolders(db, 'public')
  } else if (query.view === 'mine') {
    rows = await administeredTopFolders(db, who.id)
  } else {
    rows = await sharedWithMe(deps, who)
  }
  const folders = []
  for (const row of rows) {
    const access = await loadFolderAccess(db, who, row.id)
    if (!access?.level) continue
    const parentAccess = row.parent_id ? await loadFolderAccess(db, who, row.parent_id) : null
    folders.push(presentFolder(row, access, parentAccess))
  }
  const dir = query.order === 'desc' ? -1 : 1
  folders.sort((a, b) =>
    query.sort === 'updatedAt'
      ? dir * a.updatedAt.localeCompare(b.updatedAt) || collator.compare(a.folder_name, b.folder_name)
      : dir * collator.compare(a.folder_name, b.folder_name),
  )
  return { view: query.view, folders }
}

/** The highest folders where the caller holds a direct grant, leaving out the top-level ones they administer (My folders). */
async function sharedWithMe(deps: AppDeps, who: SignedInCaller): Promise<FolderRow[]> {
  const db = deps.database.db
  const granted = await grantedFolders(db, who.id)
  const grantedIds = new Set(granted.map((g) => g.id))
  const result: FolderRow[] = []
  for (const { permissionType, ...folder } of granted) {
    if (folder.parent_id === null && permissionType === 'administrator') continue
    const chain = await loadFolderChain(db, folder.id)
    if (chain.slice(1).some((f) => grantedIds.has(f.id))) continue
    result.push(folder)
  }
  return result
}

/** Folders and files whose name contains `q`, among everything the caller can open (trash excluded). */
export async function searchItems(
  deps: AppDeps,
  who: SignedInCaller,
  q: string,
  scope: 'all' | 'public' = 'all',
) {
  const db = deps.database.db
  const pattern = containsPattern(q)
  const publicOnly = scope === 'public'
  // Super users skip the filter (an unreferenced CTE is not evaluated), unless only public folders
  // are asked for: the folders readable by nobody in particular (no user has the empty id) are
  // exactly the public tree, which every signed-in user may open.
  const superUser = isFolderSuperUser(who) && !publicOnly
  const { folders: folderRows, files: fileRows } = await searchByName(
    db,
    pattern,
    { userId: publicOnly ? '' : who.id, filter: !superUser },
    SEARCH_LIMIT,
  )
  const cache = new Map<string, FolderAccess | null>()
  const accessOf = async (id: string) => {
    if (!cache.has(id)) cache.set(id, await loadFolderAccess(db, who, id))
    return cache.get(id) ?? null
  }
  const parentIds = [
    ...new Set(
      [...folderRows.map((f) => f.parent_id), ...fileRows.map((f) => f.folder_id)].filter(
        (id): id is string => !!id,
      ),
    ),
  ]
  const names = await folderNames(db, parentIds)
  const folders = []
  for (const f of folderRows) {
    const access = await accessOf(f.id)
    if (!access?.level) continue
    const parentAccess = f.parent_id ? await accessOf(f.parent_id) : null
    folders.push({
      ...presentFolder(f, access, parentAccess),
      parentName: f.parent_id ? (names.get(f.parent_id) ?? null) : null,
    })
  }
  const files = []
  for (const f of fileRows) {
    const access = await accessOf(f.folder_id)
    if (!access?.level) continue
    files.push({ ...presentFile(f, access), folderName: names.get(f.folder_id) ?? null })
  }
  return { q, folders, files }
}
