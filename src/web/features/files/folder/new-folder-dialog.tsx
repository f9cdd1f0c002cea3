import { toast } from '../../../components/ui/toast-store'
import { filesApi } from '../files-api'
import { NameDialog } from '../name-dialog'

/**
 * Asks for a new folder's name, creates it in `parentId` (null: the top level) with `type` when one is
 * given, and says so in a toast before the listing is refreshed.
 */
export function NewFolderDialog({
  parentId,
  type,
  children,
  onClose,
  onCreated,
}: {
  parentId: string | null
  type?: 'locked' | 'public'
  /** Extra fields (the folder type for super users). */
  children?: React.ReactNode
  onClose: () => void
  onCreated: () => Promise<unknown>
}) {
  return (
    <NameDialog
      title="New folder"
      label="Folder name"
      submitLabel="Create"
      onClose={onClose}
      onSubmit={async (name) => {
        const created = await filesApi.createFolder({
          folder_name: name,
          parent_id: parentId,
          ...(type ? { type } : {}),
        })
        toast({ title: `Created “${created.folder_name}”`, variant: 'success' })
        await onCreated()
      }}
    >
      {children}
    </NameDialog>
  )
}
