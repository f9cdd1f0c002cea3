import type { FolderItem } from '../../../../shared/contract/files-responses'
import type { Selection } from '../bulk/selection'
import { type Entry, entryName, type Sorting } from '../listing/entries'
import { type ItemHandlers, itemActions } from '../listing/item-actions'
import { ItemListing } from '../listing/item-listing'
import { ItemMenu } from '../listing/item-menu'
import { ListingEmpty } from '../listing/listing-states'
import type { ViewMode } from '../listing/view-mode'
import { DropTarget, type UploadQueue } from '../upload'

/**
 * What a folder holds, each row with its menu, or what to do when it holds nothing. Where the user may
 * write, files dropped on it are uploaded there.
 */
export function FolderContents({
  folder,
  entries,
  mode,
  sorting,
  onSortingChange,
  selection,
  onSelectionChange,
  onOpenFile,
  handlers,
  hasMore,
  onNearEnd,
  onDropFiles,
}: {
  folder: FolderItem
  entries: readonly Entry[]
  mode: ViewMode
  sorting: Sorting
  onSortingChange: (sorting: Sorting) => void
  selection: Selection
  onSelectionChange: (selection: Selection) => void
  onOpenFile: (entry: Extract<Entry, { type: 'file' }>) => void
  handlers: ItemHandlers
  hasMore: boolean
  onNearEnd: () => void
  onDropFiles: UploadQueue['add']
}) {
  const contents =
    entries.length === 0 ? (
      <ListingEmpty
        title="This folder is empty"
        description={
          folder.abilities.write
            ? 'Upload files (or drop them here), or create a folder to get started.'
            : 'Nothing has been added here yet.'
        }
      />
    ) : (
      <ItemListing
        label={`Contents of ${folder.folder_name}`}
        entries={entries}
        mode={mode}
        sorting={sorting}
        onSortingChange={onSortingChange}
        selection={selection}
        onSelectionChange={onSelectionChange}
        onOpenFile={onOpenFile}
        actions={(entry: Entry) => (
          <ItemMenu name={entryName(entry)} actions={itemActions(entry, handlers)} />
        )}
        hasMore={hasMore}
        onNearEnd={onNearEnd}
      />
    )
  return folder.abilities.write ? (
    <DropTarget folderName={folder.folder_name} onFiles={onDropFiles} className="min-h-48">
      {contents}
    </DropTarget>
  ) : (
    contents
  )
}
