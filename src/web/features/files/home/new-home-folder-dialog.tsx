import { SegmentedControl } from '../../../components/ui/segmented-control'
import { NewFolderDialog } from '../folder/new-folder-dialog'

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
    <NewFolderDialog
      parentId={null}
      type={superUser ? folderType : undefined}
      onClose={onClose}
      onCreated={onCreated}
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
    </NewFolderDialog>
  )
}
