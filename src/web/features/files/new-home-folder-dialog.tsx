import { SegmentedControl } from '../../components/ui/segmented-control'
import { toast } from '../../components/ui/toast-store'
import { filesApi } from './files-api'
import { NameDialog } from './name-dialog'

export type TopFolderType = 'locked' | 'public'

/**
 * New folder at the top level. A super user also chooses who can see it; the page keeps that choice,
 * so the dialog opens again on the type last chosen.
 */
export function NewHomeFolderDialog({
  superUser,
  folderType,
  onFolderTypeChange,
  onClose,
  onCreated,
}: {
  superUser: boolean
  folderType: TopFolderType
  onFolderTypeChange: (type: TopFolderType) => void
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
          parent_id: null,
          ...(superUser ? { type: folderType } : {}),
        })
        toast({ title: `Created “${created.folder_name}”`, variant: 'success' })
        await onCreated()
      }}
    >
      {superUser && (
        <SegmentedControl
          legend="Who can see it"
          name="folder-type"
          value={folderType}
          onChange={onFolderTypeChange}
          options={[
            { value: 'locked', label: 'Locked' },
            { value: 'public', label: 'Public' },
          ]}
        />
      )}
    </NameDialog>
  )
}
