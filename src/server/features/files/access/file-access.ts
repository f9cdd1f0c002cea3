import type { Db } from '../../../db/db'
import type { Caller } from '../../../lib/http/caller'
import { problems } from '../../../lib/http/problem'
import { type FolderLevel, hasAtLeast } from '../../../policies/folders.policy'
import { loadFolderWithAccess } from './folder-access.repository'
import { findFile } from './item-rows.repository'

// The access checks uploads and downloads share (product.md §2 table): viewer to read, editor to
// upload or replace. What the caller cannot open does not exist for them (404, never 403, so a guessed
// id reveals nothing); what they can open but not change is 403. Trashed things are gone (404).

/** The folder, if the caller may act on it at `required`; throws 404/403 otherwise. */
export async function requireFolder(db: Db, actor: Caller, folderId: string, required: FolderLevel) {
  const found = await loadFolderWithAccess(db, actor, folderId)
  if (!found || found.folder.isTrashed || found.access.level === null)
    throw problems.notFound('This folder does not exist or is not yours to see.')
  if (!hasAtLeast(found.access.level, required)) {
    throw problems.forbidden(`You need ${required} rights on this folder.`)
  }
  return found.folder
}

/** The untrashed file and its folder, if the caller may act on it at `required`; 404/403 otherwise. */
export async function requireFile(db: Db, actor: Caller, fileId: string, required: FolderLevel) {
  const file = await findFile(db, fileId)
  if (!file || file.isTrashed) throw problems.notFound('This file does not exist or is not yours to see.')
  try {
    const folder = await requireFolder(db, actor, file.folder_id, required)
    return { file, folder }
  } catch (error) {
    // Say "file", not "folder", for a file the caller cannot see.
    if (error instanceof Error && 'status' in error && error.status === 404)
      throw problems.notFound('This file does not exist or is not yours to see.')
    throw error
  }
}
