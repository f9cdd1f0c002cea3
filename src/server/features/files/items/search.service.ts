import type { SearchQuery } from '../../../../shared/contract/files'
import { nameKey } from '../../../../shared/names'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { type FolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { loadFolderAccess } from '../access/folder-access.repository'
import { presentFile, presentFolder } from './files.presenter'
import { folderNames } from './home.repository'
import { filesByIds, foldersByIds } from './name-search.repository'
import { decodeCursor, encodeCursor, findMatches } from './search-matches'

// Search by name within everything the caller can open (product.md §2; docs/decisions/0094, 0150):
// the names that start with the text first, then the other names that contain it, each in name order;
// SQL finds the matches, keeps those the caller can open and pages them; only the page's items are
// then loaded and presented with their abilities.

/** Folders and files whose name contains `q`, one page of them best match first, trash excluded. */
export async function searchItems(deps: AppDeps, who: SignedInCaller, query: SearchQuery) {
  const { db, dialect } = deps.database
  const after = query.cursor ? decodeCursor(query.cursor) : null
  const empty = { q: query.q, folders: [], files: [], order: [], nextCursor: null }
  const key = nameKey(query.q)
  // No name holds a NUL (names refuse control characters), and PostgreSQL text cannot carry one.
  if (who.isRestricted || key.includes('\u0000')) return empty
  const publicOnly = query.scope === 'public'
  // Super users open everything: no access walk at all, unless only the public tree is asked for
  // (nobody in particular, the empty id, opens exactly the public tree).
  const readableBy = isFolderSuperUser(who) && !publicOnly ? null : publicOnly ? '' : who.id
  const matches = await findMatches(db, dialect, { key, readableBy, after, limit: query.limit + 1 })
  const page = matches.slice(0, query.limit)
  const last = page.at(-1)
  const nextCursor = matches.length > query.limit && last ? encodeCursor(last) : null

  const [folderRows, fileRows] = await Promise.all([
    foldersByIds(
      db,
      page.filter((m) => m.kind === 'folder').map((m) => m.id),
    ),
    filesByIds(
      db,
      page.filter((m) => m.kind === 'file').map((m) => m.id),
    ),
  ])
  const onPage = new Map(page.map((m, i) => [m.id, i]))
  const byPage = (a: { id: string }, b: { id: string }) => onPage.get(a.id)! - onPage.get(b.id)!
  folderRows.sort(byPage)
  fileRows.sort(byPage)

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
  // The SQL filter decided who sees what; the policy decides the abilities (and, should a rename or a
  // grant change between the two reads, drops what is no longer open).
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
  const shown = new Set([...folders.map((f) => `folder:${f.id}`), ...files.map((f) => `file:${f.id}`)])
  const order = page
    .filter((m) => shown.has(`${m.kind}:${m.id}`))
    .map((m) => ({ type: m.kind, id: m.id, tier: m.tier }))
  return { q: query.q, folders, files, order, nextCursor }
}
