import type { SearchQuery } from '../../../../shared/contract/files'
import { nameKey } from '../../../../shared/names'
import type { Dialect } from '../../../db/connection'
import type { Db } from '../../../db/db'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { type FolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { loadFolderAccess } from '../access/folder-access.repository'
import { presentFile, presentFolder } from './files.presenter'
import { folderNames } from './home.repository'
import {
  countNamesUpTo,
  filesByIds,
  foldersByIds,
  type NameMatch,
  type NameSearch,
  nextNamesInOrder,
  searchNames,
} from './name-search.repository'

// Search by name within everything the caller can open (product.md §2; docs/decisions/0094): the
// name index finds the matches, SQL keeps those the caller can open and pages them by name; only the
// page's items are then loaded and presented with their abilities.

/** Folders and files whose name contains `q`, one page in name order, trash excluded. */
export async function searchItems(deps: AppDeps, who: SignedInCaller, query: SearchQuery) {
  const { db, dialect } = deps.database
  const empty = { q: query.q, folders: [], files: [], nextCursor: null }
  if (who.isRestricted) return empty
  const publicOnly = query.scope === 'public'
  // Super users open everything: no access walk at all, unless only the public tree is asked for
  // (nobody in particular, the empty id, opens exactly the public tree).
  const readableBy = isFolderSuperUser(who) && !publicOnly ? null : publicOnly ? '' : who.id
  const matches = await findMatches(db, dialect, {
    key: nameKey(query.q),
    readableBy,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit + 1,
  })
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
  const order = new Map(page.map((m, i) => [m.id, i]))
  const byPage = (a: { id: string }, b: { id: string }) => order.get(a.id)! - order.get(b.id)!
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
  return { q: query.q, folders, files, nextCursor }
}

/** Above this many names containing the text, a page is read in name order instead of from the index. */
const COMMON_NAMES = 1000
/** Rows read per statement in name order for a user (whose access drops some). */
const ORDERED_BATCH = 500
/** Statements in name order before a page falls back to the trigram index from where they stopped. */
const ORDERED_BATCHES = 4

/**
 * One page of matches the searcher can open. A rare text (at most COMMON_NAMES names contain it): the
 * trigram index hands over its matches, few enough to sort. A common one: the name-order indexes are
 * read from the cursor on, keeping the names that contain the text, until the page is full; a user
 * who can open only a few of them gets the rest of the page from the trigram index after
 * ORDERED_BATCHES reads, so a page never costs much more than the index alone (docs/decisions/0100).
 */
async function findMatches(db: Db, dialect: Dialect, search: NameSearch): Promise<NameMatch[]> {
  if ((await countNamesUpTo(db, dialect, search.key, COMMON_NAMES)) <= COMMON_NAMES)
    return searchNames(db, dialect, search)
  const found: NameMatch[] = []
  let after = search.after
  const batch = search.readableBy === null ? search.limit : Math.max(search.limit, ORDERED_BATCH)
  for (let i = 0; i < ORDERED_BATCHES; i++) {
    const rows = await nextNamesInOrder(db, dialect, { ...search, after, limit: batch })
    for (const row of rows) {
      if (!row.readable) continue
      found.push({ kind: row.kind, id: row.id, name_key: row.name_key })
      if (found.length === search.limit) return found
    }
    const last = rows.at(-1)
    if (rows.length < batch || !last) return found
    after = { name_key: last.name_key, id: last.id }
  }
  return [
    ...found,
    ...(await searchNames(db, dialect, { ...search, after, limit: search.limit - found.length })),
  ]
}

/** The cursor is the last match's (name_key, id), opaque to clients. */
function encodeCursor(match: { name_key: string; id: string }): string {
  return Buffer.from(JSON.stringify([match.name_key, match.id])).toString('base64url')
}

function decodeCursor(cursor: string): { name_key: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2) {
      const [key, id] = value as unknown[]
      if (typeof key === 'string' && typeof id === 'string') return { name_key: key, id }
    }
  } catch {
    // Falls through to the answer below.
  }
  throw problems.badRequest('That search cursor is not valid: start the search again.')
}
