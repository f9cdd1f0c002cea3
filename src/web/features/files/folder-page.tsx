import { Link2 } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { useParams } from 'react-router'
import type { FileItem } from '../../../shared/contract/files-responses'
import { PageTitle } from '../../components/layout/page-title'
import { Breadcrumbs } from './breadcrumbs'
import { type Entry, entryName, sortingFrom, toEntries } from './entries'
import { joinPages, useFolderListing, useLiveFolder } from './files-api'
import { FilesToolbar } from './files-toolbar'
import { FolderActions } from './folder-actions'
import { type FolderDialog, FolderDialogs } from './folder-dialogs'
import { FolderHeading } from './folder-heading'
import { type ItemHandlers, itemActions } from './item-actions'
import { ItemListing } from './item-listing'
import { ItemMenu } from './item-menu'
import { ShareLinksDialog } from './links/share-links-section'
import { ListingEmpty, ListingError, ListingMore, ListingSkeleton } from './listing-states'
import { PreviewDialog } from './preview-dialog'
import { SelectionBar } from './selection-bar'
import { DropTarget, UploadWidget, useUploadQueue } from './upload'
import { useBulkActions } from './use-bulk-actions'
import { useIsFolderSuperUser } from './use-file-manager-user'
import { useFolderParams } from './use-folder-params'
import { useFolderSelection } from './use-folder-selection'
import { useFileVersionActions } from './versions/use-file-version-actions'
import { useViewMode } from './view-mode'
import { useZipDownload } from './zip-download'
import { ZipStatus } from './zip-status'

/** One folder: its breadcrumbs, contents, and everything the user may do there. */
export function FolderPage() {
  const { id = '' } = useParams()
  const address = useFolderParams()
  const sorting = sortingFrom(address.params)
  const listing = useFolderListing(id, sorting)
  useLiveFolder(id)
  const [mode, setMode] = useViewMode()
  const [dialog, setDialog] = useState<FolderDialog>(null)
  const superUser = useIsFolderSuperUser()
  const zip = useZipDownload()
  const versions = useFileVersionActions()
  const [linking, setLinking] = useState<FileItem | null>(null)
  const uploads = useUploadQueue({ folderId: id, onBatchDone: () => void listing.refetch() })

  const joined = useMemo(() => (listing.data ? joinPages(listing.data.pages) : null), [listing.data])
  const entries = useMemo(() => (joined ? toEntries(joined.folders, joined.files) : []), [joined])
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listing
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const selection = useFolderSelection(id, entries)
  const bulk = useBulkActions({ nameOf: selection.nameOf, superUser, onDone: selection.clear })

  if (listing.isPending)
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Files" />
        <ListingSkeleton />
      </div>
    )
  if (listing.isError || !joined)
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Files" />
        <Breadcrumbs trail={[]} />
        <ListingError error={listing.error} onRetry={() => void listing.refetch()} />
      </div>
    )

  const { folder, breadcrumbs } = joined
  const previewed = joined.files.find((f) => f.id === address.previewedId) ?? null
  const handlers: ItemHandlers = {
    open: (e) => address.openFile(e.item),
    rename: (entry) => setDialog({ kind: 'rename', entry }),
    move: bulk.move,
    copy: bulk.copy,
    share: (e) => setDialog({ kind: 'share', folder: e.item }),
    trash: bulk.trash,
    fileExtras: (e) => [
      ...versions.actionsFor(e.item),
      ...(e.item.abilities.replace
        ? [{ label: 'Share link…', icon: Link2, onSelect: () => setLinking(e.item) }]
        : []),
    ],
  }
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
        onSortingChange={address.setSorting}
        selection={selection.selection}
        onSelectionChange={selection.setSelection}
        onOpenFile={(e) => address.openFile(e.item)}
        actions={(entry: Entry) => (
          <ItemMenu name={entryName(entry)} actions={itemActions(entry, handlers)} />
        )}
        hasMore={hasNextPage}
        onNearEnd={loadMore}
      />
    )

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={folder.folder_name} />
      <FolderHeading folder={folder} breadcrumbs={breadcrumbs} />
      <FolderActions folder={folder} zip={zip} openDialog={setDialog} handlers={handlers} />
      <ZipStatus zip={zip} />
      {folder.abilities.write && <UploadWidget uploads={uploads} />}
      <FilesToolbar mode={mode} onModeChange={setMode} />
      <SelectionBar
        selected={selection.selected}
        partial={hasNextPage}
        move={bulk.move}
        copy={bulk.copy}
        trash={bulk.trash}
        onClear={selection.clear}
      />
      {folder.abilities.write ? (
        <DropTarget folderName={folder.folder_name} onFiles={uploads.add} className="min-h-48">
          {contents}
        </DropTarget>
      ) : (
        contents
      )}
      <ListingMore
        loaded={entries.length}
        hasMore={hasNextPage}
        loading={isFetchingNextPage}
        failed={listing.isFetchNextPageError}
        onLoadMore={loadMore}
      />
      {bulk.dialog}
      {previewed && <PreviewDialog file={previewed} onClose={address.closePreview} />}
      {versions.elements}
      {linking && (
        <ShareLinksDialog
          item={{ type: 'file', id: linking.id, name: linking.filename }}
          onClose={() => setLinking(null)}
        />
      )}
      <FolderDialogs
        dialog={dialog}
        folder={folder}
        onClose={() => setDialog(null)}
        onChanged={() => listing.refetch()}
      />
    </div>
  )
}
