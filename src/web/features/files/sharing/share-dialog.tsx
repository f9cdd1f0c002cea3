import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog'
import { useSession } from '../../accounts/sessions/session'
import { useAccessList } from '../files-api'
import { ShareLinksSection } from '../links/share-links-section'
import { ShareDialogAddPerson } from './share-dialog-add-person'
import { ShareDialogPeopleList } from './share-dialog-people-list'
import { useShareGrants } from './use-share-grants'

/**
 * Who has access to a folder and from where (a direct grant, or inherited from which folder above),
 * with the levels the caller may set; and adding someone: by their full e-mail address, or by name
 * among the people one already shares with (super users search everyone). The dialog never learns
 * whether a typed address has an account (docs/decisions/0042).
 */
export function ShareDialog({
  folder,
  onClose,
}: {
  folder: { id: string; folder_name: string }
  onClose: () => void
}) {
  const access = useAccessList(folder.id, true)
  const grants = useShareGrants(folder.id)
  const session = useSession()

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Share “${folder.folder_name}”`} className="max-w-2xl">
        <ShareDialogAddPerson
          folderId={folder.id}
          grantable={access.data?.grantableLevels ?? []}
          grants={grants}
        />
        <ShareDialogPeopleList access={access} grants={grants} youId={session.user?.id} />
        <ShareLinksSection itemType="folder" itemId={folder.id} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
