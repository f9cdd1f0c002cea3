import type { HomeQuery } from '../../../../shared/contract/files'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { isFolderSuperUser } from '../../../policies/folders.policy'
import { loadFolderAccess, loadFolderChain } from '../access/folder-access.repository'
import type { FolderRow } from '../access/item-rows.repository'
import { presentFolder } from './files.presenter'
import { administeredTopFolders, grantedFolders, topFolders } from './home.repository'

// The file manager's home views (product.md §2): Public, Shared with me, My folders, All folders (super
// users). Search by name is search.service.ts.

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

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
