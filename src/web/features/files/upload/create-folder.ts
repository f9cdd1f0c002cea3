import { folderTreeResultSchema } from '../../../../shared/contract/files-responses'
import { nameKey } from '../../../../shared/names'
import { api } from '../../../lib/api'

// The one call the upload widget makes to the folders API: the folders a dropped folder needs, its
// whole tree in one request (POST /api/folders/:id/tree). Kept alone so it can follow the folders API
// (files-core) if its shape changes.

/** A path's key as the server compares names (NFC, case-folded): "Photos/2025" and "photos/2025" are one. */
export const folderPathKey = (path: readonly string[]) => path.map(nameKey).join('/')

/** Makes (or finds) every folder of `paths` below `parentId`; answers each path's folder id by its key. */
export async function createFolderTree(
  parentId: string,
  paths: readonly string[][],
): Promise<Map<string, string>> {
  const answer = await api.post(
    `/api/folders/${encodeURIComponent(parentId)}/tree`,
    { paths },
    { schema: folderTreeResultSchema },
  )
  return new Map(answer.folders.map((f) => [folderPathKey(f.path), f.id]))
}
