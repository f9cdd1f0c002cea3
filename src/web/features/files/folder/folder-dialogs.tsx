import type { FolderItem } from '../../../../shared/contract/files-responses'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { filesApi, useFilesMutation } from '../files-api'
import { type Entry, entryName } from '../listing/entries'
import { NameDialog } from '../name-dialog'
import { ShareDialog } from '../sharing/share-dialog'
import { NewFolderDialog } from './new-folder-dialog'

/** The dialog a folder page has open, if any. */
export type FolderDialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; entry: Entry }
  | { kind: 'share'; folder: FolderItem }
  | { kind: 'type'; folder: FolderItem; to: 'public' | 'locked' }
  | null

/** The folder page's own dialogs: new folder, rename, share, and the lock / open-up confirmation. */
export function FolderDialogs({
  dialog,
  folder,
  onClose,
  onChanged,
}: {
  dialog: FolderDialog
  folder: FolderItem
  onClose: () => void
  /** After a change the listing shows (a new folder, a new name). */
  onChanged: () => Promise<unknown>
}) {
  switch (dialog?.kind) {
    case 'newFolder':
      return <NewFolderDialog parentId={folder.id} onClose={onClose} onCreated={onChanged} />
    case 'rename':
      return <RenameDialog entry={dialog.entry} onClose={onClose} onChanged={onChanged} />
    case 'share':
      return <ShareDialog folder={dialog.folder} onClose={onClose} />
    case 'type':
      return <FolderTypeDialog folder={dialog.folder} to={dialog.to} onClose={onClose} />
    default:
      return null
  }
}

function RenameDialog({
  entry,
  onClose,
  onChanged,
}: {
  entry: Entry
  onClose: () => void
  onChanged: () => Promise<unknown>
}) {
  return (
    <NameDialog
      title={`Rename “${entryName(entry)}”`}
      label="New name"
      submitLabel="Rename"
      initial={entryName(entry)}
      keepExtension={entry.type === 'file'}
      onClose={onClose}
      onSubmit={async (name) => {
        await (entry.type === 'folder'
          ? filesApi.renameFolder(entry.item.id, name)
          : filesApi.renameFile(entry.item.id, name))
        toast({ title: `Renamed to “${name}”`, variant: 'success' })
        await onChanged()
      }}
    />
  )
}

function FolderTypeDialog({
  folder,
  to,
  onClose,
}: {
  folder: FolderItem
  to: 'public' | 'locked'
  onClose: () => void
}) {
  const setType = useFilesMutation((a: { id: string; type: 'public' | 'locked' }) =>
    filesApi.setFolderType(a.id, a.type),
  )
  const locking = to === 'locked'
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={locking ? `Lock “${folder.folder_name}”?` : `Make “${folder.folder_name}” public?`}
      description={
        locking
          ? 'Only people given access to it (and administrators) will see it and what it holds.'
          : 'Every signed-in member will be able to view it and what it holds.'
      }
      confirmLabel={locking ? 'Make locked' : 'Make public'}
      pending={setType.isPending}
      onConfirm={() =>
        setType.mutate(
          { id: folder.id, type: to },
          {
            onSuccess: () => {
              toast({ title: locking ? 'The folder is locked' : 'The folder is public', variant: 'success' })
              onClose()
            },
            onError: (error) =>
              toast({ title: 'Not changed', description: errorMessage(error), variant: 'danger' }),
          },
        )
      }
    />
  )
}
