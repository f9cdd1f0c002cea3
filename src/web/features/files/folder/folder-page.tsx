import { Link2 } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router'
import type { FileItem } from '../../../../shared/contract/files-responses'
import { PageTitle } from '../../../components/layout/page-title'
import { SelectionBar } from '../bulk/selection-bar'
import { useBulkActions } from '../bulk/use-bulk-actions'
import { useFolderSelection } from '../bulk/use-folder-selection'
import { FilesToolbar } from '../files-toolbar'
import { ShareLinksDialog } from '../links/share-links-section'
import type { ItemHandlers } from '../listing/item-actions'
import { ListingMore } from '../listing/listing-states'
import { SkipToFiles } from '../listing/skip-to-files'
import { useViewMode } from '../listing/view-mode'
import { PreviewDialog } from '../preview-dialog'
import { UploadWidget, useUploadQueue } from '../upload'
import { useIsFolderSuperUser } from '../use-file-manager-user'
import { useFileVersionActions } from '../versions/use-file-version-actions'
import { useZipDownload } from '../zip-download'
import { ZipStatus } from '../zip-status'
import { FolderActions } from './folder-actions'
import { FolderContents } from './folder-contents'
import { type FolderDialog, FolderDialogs } from './folder-dialogs'
import { FolderHeading } from './folder-heading'
import { FolderPageFailed, FolderPageLoading } from './folder-page-states'
import { useFolderEntries } from './use-folder-entries'
import { useFolderParams } from './use-folder-params'

/** One folder: its breadcrumbs, contents, and everything the user may do there. */
export function FolderPage() {
  const { id = '' } = useParams()
  const address = useFolderParams()
  const { sorting } = address
  const { listing, joined, entries, loadMore } = useFolderEntries(id, sorting)
  const [mode, setMode] = useViewMode()
  const [dialog, setDialog] = useState<FolderDialog>(null)
  const superUser = useIsFolderSuperUser()
  const zip = useZipDownload()
  const versions = useFileVersionActions()
  const [linking, setLinking] = useState<FileItem | null>(null)
  const uploads = useUploadQueue({ folderId: id, onBatchDone: () => void listing.refetch() })

  const { hasNextPage, isFetchingNextPage } = listing
  const selection = useFolderSelection(id, entries)
  const bulk = useBulkActions({ nameOf: selection.nameOf, superUser, onDone: selection.clear })

  if (listing.isPending) return <FolderPageLoading />
  if (listing.isError || !joined)
    return <FolderPageFailed error={listing.error} onRetry={() => void listing.refetch()} />

  const { folder, breadcrumbs, audience } = joined
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

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={folder.folder_name} />
      {entries.length > 0 && <SkipToFiles />}
      <FolderHeading folder={folder} breadcrumbs={breadcrumbs} audience={audience} />
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
      <FolderContents
        folder={folder}
        entries={entries}
        mode={mode}
        sorting={sorting}
        onSortingChange={address.setSorting}
        selection={selection.selection}
        onSelectionChange={selection.setSelection}
        onOpenFile={(e) => address.openFile(e.item)}
        handlers={handlers}
        hasMore={hasNextPage}
        onNearEnd={loadMore}
        onDropFiles={uploads.add}
      />
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
