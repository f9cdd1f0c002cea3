import { useSearchParams } from 'react-router'
import type { FileItem } from '../../../../shared/contract/files-responses'
import { useListingSorting } from '../listing/use-listing-sorting'

/**
 * The folder page's address state: `?file=<id>` is the previewed file (a notification link or a
 * reload shows it again), `?sort=&order=` the listing's sorting.
 */
export function useFolderParams() {
  const [params, setParams] = useSearchParams()
  const { sorting, setSorting } = useListingSorting()
  const change = (edit: (p: URLSearchParams) => void) =>
    setParams((p) => {
      edit(p)
      return p
    })
  return {
    previewedId: params.get('file'),
    openFile: (file: FileItem) => change((p) => p.set('file', file.id)),
    closePreview: () => change((p) => p.delete('file')),
    sorting,
    setSorting,
  }
}
