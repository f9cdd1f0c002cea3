import { folderSchema } from '../../../../shared/contract/files-responses'
import { api } from '../../../lib/api'

// The one call the upload widget makes to the folders API: create a subfolder for a dropped folder.
// Kept alone so it can follow the folders API (files-core) if its shape changes.

export async function createFolder(parentId: string, name: string): Promise<string> {
  const folder = await api.post(
    '/api/folders',
    { parent_id: parentId, folder_name: name },
    { schema: folderSchema },
  )
  return folder.id
}
