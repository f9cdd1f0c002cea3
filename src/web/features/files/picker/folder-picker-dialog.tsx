import { useState } from 'react'
import type { HomeView } from '../../../../shared/contract/files'
import type { Crumb } from '../../../../shared/contract/files-responses'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog'
import { FolderPickerFolders } from './folder-picker-folders'
import { FolderPickerRoots, FolderPickerTrail } from './folder-picker-location'
import { useFolderPickerListing } from './use-folder-picker-listing'

export interface FolderPickerDialogProps {
  title: string
  confirmLabel: string
  /** Folders that cannot be chosen (the items being moved: a folder never goes into itself). */
  excludeIds?: ReadonlySet<string>
  superUser: boolean
  onPick: (folder: { id: string; folder_name: string }) => void
  /** Offers "My folders (top level)" as a target (moving folders only: files always live in a folder). */
  onPickTop?: () => void
  onClose: () => void
}

export const TOP_LEVEL_LABEL = 'My folders (top level)'

/**
 * Browse to a folder and choose it: starts at the home views, opens folders one level at a time.
 * Only folders the user may write to can be chosen (the server checks again).
 */
export function FolderPickerDialog({
  title,
  confirmLabel,
  excludeIds,
  superUser,
  onPick,
  onPickTop,
  onClose,
}: FolderPickerDialogProps) {
  const [root, setRoot] = useState<HomeView>('mine')
  const [trail, setTrail] = useState<Crumb[]>([])
  const current = trail.at(-1) ?? null
  const listing = useFolderPickerListing(root, current)
  const folders = (listing.data?.folders ?? []).filter((f) => !excludeIds?.has(f.id))
  const canPick = !!listing.data?.folder?.abilities.write && !excludeIds?.has(current?.id ?? '')
  const atTop = !!onPickTop && !current && root === 'mine'

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        description={
          onPickTop
            ? `Open a folder, then choose it, or choose ${TOP_LEVEL_LABEL} from My folders.`
            : 'Open a folder, then choose it.'
        }
      >
        <FolderPickerRoots
          root={root}
          atRoot={trail.length === 0}
          superUser={superUser}
          onRoot={(view) => {
            setRoot(view)
            setTrail([])
          }}
        />
        <FolderPickerTrail root={root} trail={trail} onTrail={setTrail} />
        <FolderPickerFolders
          listing={listing}
          folders={folders}
          onOpen={(f) => setTrail([...trail, { id: f.id, folder_name: f.folder_name, type: f.type }])}
        />
        {current && !canPick && listing.isSuccess && (
          <p className="text-sm text-fg-muted">You cannot add items to “{current.folder_name}”.</p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          {atTop ? (
            <Button onClick={() => onPickTop?.()}>{`${confirmLabel} ${TOP_LEVEL_LABEL}`}</Button>
          ) : (
            <Button disabled={!current || !canPick} onClick={() => current && onPick(current)}>
              {current ? `${confirmLabel} “${current.folder_name}”` : confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
