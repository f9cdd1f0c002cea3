import type { ChildrenQuery } from '../../../../shared/contract/files'
import type { AppDeps } from '../../../deps'
import type { SignedInCaller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { decodeCursor, encodeCursor } from '../../../lib/list-query/cursor'
import type { KeysetCursor } from '../../../lib/list-query/query-batches'
import { childFolderAccess, isFolderSuperUser } from '../../../policies/folders.policy'
import { openFolderPath } from '../access/folder-path'
import { childFiles, childFolders } from './children.repository'
import { crumb, presentFile, presentFolder } from './files.presenter'

// A page of a folder's children (decision 0093): subfolders the caller can open, then files, in the
// chosen order, `pageSize` at a time. Three statements at most whatever the folder's depth or size:
// the folder's path with the caller's grants (its access, its parent's, the breadcrumbs), one page of
// subfolders, and, once those run out, one page of files.

/** Where a page starts: in the subfolders after a row, in the files from their start, or after a row. */
type Position =
  | { phase: 'folders'; after: KeysetCursor | undefined }
  | { phase: 'files'; after: KeysetCursor | undefined }

// The cursor's first value: which list it continues ("files from the start" carries no row).
const FOLDERS = 'd'
const FILES = 'f'
const FILES_FROM_START = 's'

function positionOf(query: ChildrenQuery, tag: string): Position {
  if (!query.cursor) return { phase: 'folders', after: undefined }
  const [phase, key, id] = decodeCursor(query.cursor, tag, 3)
  if (phase === FILES_FROM_START) return { phase: 'files', after: undefined }
  if ((phase !== FOLDERS && phase !== FILES) || typeof id !== 'string') {
    throw problems.badRequest('This cursor is not one this list gave out; start again from the first page.')
  }
  return { phase: phase === FOLDERS ? 'folders' : 'files', after: { key, id } }
}

export async function listChildren(
  deps: AppDeps,
  who: SignedInCaller,
  folderId: string,
  query: ChildrenQuery,
) {
  const { db, dialect } = deps.database
  const tag = `${query.sort}:${query.order}`
  const position = positionOf(query, tag)
  const opened = await openFolderPath(db, who, folderId)
  const userId = isFolderSuperUser(who) ? null : who.id
  const limit = query.pageSize
  const sorting = { sort: query.sort, order: query.order }
  const folders = []
  const files = []
  let nextCursor: string | null = null
  let filesAfter = position.phase === 'files' ? position.after : undefined
  let room = limit
  if (position.phase === 'folders') {
    // One row more than the page: whether there is a next page without counting.
    const rows = await childFolders(db, dialect, folderId, userId, {
      ...sorting,
      after: position.after,
      limit: limit + 1,
    })
    for (const row of rows.slice(0, limit)) {
      const access = childFolderAccess(who, opened.access, row, row.grant)
      if (!access.level) continue // never listed by the query; the policy has the last word
      folders.push(presentFolder(row, access, opened.access))
    }
    if (rows.length > limit) {
      const last = rows[limit - 1]!
      nextCursor = encodeCursor(tag, [FOLDERS, last.__keyset_key, last.__keyset_id])
    } else if (rows.length === limit) {
      nextCursor = encodeCursor(tag, [FILES_FROM_START, 0, ''])
    }
    room = limit - rows.length
    filesAfter = undefined
  }
  if (room > 0) {
    const rows = await childFiles(db, dialect, folderId, { ...sorting, after: filesAfter, limit: room + 1 })
    for (const row of rows.slice(0, room))
      files.push(presentFile({ ...row, size: Number(row.size) }, opened.access))
    if (rows.length > room) {
      const last = rows[room - 1]!
      nextCursor = encodeCursor(tag, [FILES, last.__keyset_key, last.__keyset_id])
    }
  }
  return {
    folder: presentFolder(opened.folder, opened.access, opened.parentAccess),
    breadcrumbs: opened.visibleAncestors.map(crumb),
    audience: opened.audience,
    folders,
    files,
    pageSize: limit,
    nextCursor,
  }
}
