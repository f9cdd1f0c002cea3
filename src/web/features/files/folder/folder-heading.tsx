import type { Crumb, FolderAudience, FolderItem } from '../../../../shared/contract/files-responses'
import { Badge } from '../../../components/ui/badge'
import { Breadcrumbs } from './breadcrumbs'

/** "Public" only where it means every signed-in member can open the folder. */
export function audienceLabel(audience: FolderAudience): string {
  if (audience.kind === 'everyone') return 'Public'
  if (audience.kind === 'members') return 'Locked'
  return audience.from ? `Same access as “${audience.from.folder_name}”` : 'Same access as the folder above'
}

/** The trail down to the folder (ending with it), its name as the page heading, and who may open it. */
export function FolderHeading({
  folder,
  breadcrumbs,
  audience,
}: {
  folder: FolderItem
  breadcrumbs: readonly Crumb[]
  audience: FolderAudience
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
        <Badge>{audienceLabel(audience)}</Badge>
      </div>
    </div>
  )
}
