import type { Crumb, FolderItem } from '../../../../shared/contract/files-responses'
import { Badge } from '../../../components/ui/badge'
import { Breadcrumbs } from './breadcrumbs'

/** The trail down to the folder (ending with it), its name as the page heading, and whether it is locked. */
export function FolderHeading({
  folder,
  breadcrumbs,
}: {
  folder: FolderItem
  breadcrumbs: readonly Crumb[]
}) {
  return (
    <div>
      <Breadcrumbs
        trail={[...breadcrumbs, { id: folder.id, folder_name: folder.folder_name, type: folder.type }]}
      />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-all text-fg sm:text-3xl">
          {folder.folder_name}
        </h1>
        <Badge>{folder.type === 'locked' ? 'Locked' : 'Public'}</Badge>
      </div>
    </div>
  )
}
