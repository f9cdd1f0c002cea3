import { Download, FolderPlus, Lock, Share2, Unlock } from 'lucide-react'
import type { FolderItem } from '../../../../shared/contract/files-responses'
import { Button } from '../../../components/ui/button'
import { type ItemHandlers, itemActions } from '../listing/item-actions'
import { ItemMenu } from '../listing/item-menu'
import type { useZipDownload } from '../zip-download'
import type { FolderDialog } from './folder-dialogs'

/** What the caller may do with the folder itself: new folder, share, lock or open up, zip, and its menu. */
export function FolderActions({
  folder,
  zip,
  openDialog,
  handlers,
}: {
  folder: FolderItem
  zip: ReturnType<typeof useZipDownload>
  openDialog: (dialog: FolderDialog) => void
  /** Move and copy of the folder itself (its menu). */
  handlers: Pick<ItemHandlers, 'move' | 'copy'>
}) {
  const can = folder.abilities
  const entry = { type: 'folder' as const, item: folder }
  return (
    <div className="flex flex-wrap gap-2">
      {can.write && (
        <Button variant="secondary" size="sm" onClick={() => openDialog({ kind: 'newFolder' })}>
          <FolderPlus aria-hidden="true" /> New folder
        </Button>
      )}
      {can.share && (
        <Button variant="secondary" size="sm" onClick={() => openDialog({ kind: 'share', folder })}>
          <Share2 aria-hidden="true" /> Share
        </Button>
      )}
      {can.makeLocked && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => openDialog({ kind: 'type', folder, to: 'locked' })}
        >
          <Lock aria-hidden="true" /> Make locked
        </Button>
      )}
      {can.makePublic && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => openDialog({ kind: 'type', folder, to: 'public' })}
        >
          <Unlock aria-hidden="true" /> Make public
        </Button>
      )}
      {can.list && (
        <Button variant="secondary" size="sm" loading={!!zip.progress} onClick={() => void zip.start(folder)}>
          <Download aria-hidden="true" /> Download as zip
        </Button>
      )}
      <ItemMenu
        name={folder.folder_name}
        actions={itemActions(
          entry,
          { move: handlers.move, copy: handlers.copy, rename: () => openDialog({ kind: 'rename', entry }) },
          ' folder',
        )}
      />
    </div>
  )
}
