import { type SqlBool, sql } from 'kysely'
import type { HomeQuery } from '../../../shared/contract/files'
import type { AppDeps } from '../../deps'
import type { SignedInCaller } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { containsPattern } from '../../lib/list-query/like-pattern'
import { type FolderAccess, isFolderSuperUser } from '../../policies/folders.policy'
import { loadFolderAccess, loadFolderChain, withReadableFolders } from '../folders/folder-access.repository'
import type { FolderRow } from './access'
import { presentFile, presentFolder } from './files.presenter'

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
    rows = await db
      .selectFrom('folders')
      .selectAll()
      .where('parent_id', 'is', null)
      .where('isTrashed', '=', false)
      .execute()
  } else if (query.view === 'public') {
    rows = await db
      .selectFrom('folders')
      .selectAll()
      .where('parent_id', 'is', null)
      .where('type', '=', 'public')
      .where('isTrashed', '=', false)
      .execute()
  } else if (query.view === 'mine') {
    rows = await db
      .selectFrom('folders as f')
      .innerJoin('folder_permissions as p', 'p.folder_id', 'f.id')
      .selectAll('f')
      .where('f.parent_id', 'is', null)
      .where('f.isTrashed', '=', false)
      .where('p.user_id', '=', who.id)
      .where('p.permissionType', '=', 'administrator')
      .execute()
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
  const granted = await db
    .selectFrom('folders as f')
    .innerJoin('folder_permissions as p', 'p.folder_id', 'f.id')
    .selectAll('f')
    .select('p.permissionType')
    .where('f.isTrashed', '=', false)
    .where('p.user_id', '=', who.id)
    .execute()
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
  const base = withReadableFolders(db, publicOnly ? '' : who.id)
  let folderQuery = base
    .selectFrom('folders as f')
    .selectAll('f')
    .where('f.isTrashed', '=', false)
    .where(sql<SqlBool>`lower(${sql.ref('f.folder_name')}) like ${pattern} escape '\\'`)
  let fileQuery = base
    .selectFrom('files as fi')
    .selectAll('fi')
    .where('fi.isTrashed', '=', false)
    .where(sql<SqlBool>`lower(${sql.ref('fi.filename')}) like ${pattern} escape '\\'`)
  if (!superUser) {
    folderQuery = folderQuery.where('f.id', 'in', sql<string>`(select id from readable_folders)`)
    fileQuery = fileQuery.where('fi.folder_id', 'in', sql<string>`(select id from readable_folders)`)
  }
  const [folderRows, fileRows] = await Promise.all([
    folderQuery.orderBy('f.folder_name').limit(SEARCH_LIMIT).execute(),
    fileQuery.orderBy('fi.filename').limit(SEARCH_LIMIT).execute(),
  ])
  const cache = new Map<string, FolderAccess | null>()
  const accessOf = async (id: string) => {
    if (!cache.has(id)) cache.set(id, await loadFolderAccess(db, who, id))
    return cache.get(id) ?? null
  }
  const names = new Map<string, string>()
  const parentIds = [
    ...new Set(
      [...folderRows.map((f) => f.parent_id), ...fileRows.map((f) => f.folder_id)].filter(
        (id): id is string => !!id,
      ),
    ),
  ]
  if (parentIds.length) {
    for (const p of await db
      .selectFrom('folders')
      .select(['id', 'folder_name'])
      .where('id', 'in', parentIds)
      .execute())
      names.set(p.id, p.folder_name)
  }
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
