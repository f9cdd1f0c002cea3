import { useQuery } from '@tanstack/react-query'
import type { HomeView } from '../../../../shared/contract/files'
import { type Crumb, type FolderItem, homeViewSchema } from '../../../../shared/contract/files-responses'
import { api } from '../../../lib/api'
import { fetchFolderListing } from '../files-api'

/**
 * What the folder picker shows where it stands: the open folder and its subfolders, or, at the top,
 * the folders of the chosen home view (no folder to choose there).
 */
export function useFolderPickerListing(root: HomeView, current: Crumb | null) {
  return useQuery({
    queryKey: ['files', 'picker', root, current?.id ?? null],
    queryFn: async ({ signal }) => {
      if (current) {
        const l = await fetchFolderListing(current.id, signal)
        return { folder: l.folder as FolderItem | null, folders: l.folders }
      }
      const home = await api.get('/api/folders', { signal, query: { view: root }, schema: homeViewSchema })
      return { folder: null, folders: home.folders }
    },
  })
}
