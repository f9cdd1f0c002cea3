import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { ItemType } from '../../../../shared/contract/files'
import type { FolderItem } from '../../../../shared/contract/files-responses'
import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'
import { useBulkActions } from '../bulk/use-bulk-actions'
import { filesApi, useHomeView, useLiveHomeViews } from '../files-api'
import { FilesToolbar } from '../files-toolbar'
import type { Entry } from '../listing/entries'
import { sortEntries, toEntries } from '../listing/entries'
import { itemActions } from '../listing/item-actions'
import { ItemListing } from '../listing/item-listing'
import { ItemMenu } from '../listing/item-menu'
import { ListingEmpty, ListingError, ListingSkeleton } from '../listing/listing-states'
import { useListingSorting } from '../listing/use-listing-sorting'
import { useViewMode } from '../listing/view-mode'
import { NameDialog } from '../name-dialog'
import { ShareDialog } from '../sharing/share-dialog'
import { useIsFolderSuperUser } from '../use-file-manager-user'
import { HomeViewBar } from './home-view-bar'
import { homeTabs, homeViewFrom } from './home-views'
import { NewHomeFolderDialog, type TopFolderType } from './new-home-folder-dialog'
import { StorageUsage } from './storage-usage'

/** The file manager's home: Public, Shared with me, My folders and, for super users, All folders. */
export function FilesHomePage() {
  const [params] = useSearchParams()
  const superUser = useIsFolderSuperUser()
  const view = homeViewFrom(params, superUser)
  const { sorting, setSorting } = useListingSorting()
  const listing = useHomeView(view, sorting)
  useLiveHomeViews()
  const [mode, setMode] = useViewMode()
  const [creating, setCreating] = useState(false)
  const [folderType, setFolderType] = useState<TopFolderType>('locked')
  const [rename, setRename] = useState<FolderItem | null>(null)
  const [share, setShare] = useState<FolderItem | null>(null)
  const folders = listing.data?.folders ?? []
  const nameOf = (_t: ItemType, id: string) => folders.find((f) => f.id === id)?.folder_name ?? 'folder'
  const bulk = useBulkActions({ nameOf, superUser })
  const tabs = homeTabs(superUser)
  const tab = tabs.find((t) => t.view === view)!

  const entries = sortEntries(toEntries(folders), sorting)

  const actions = (entry: Entry) =>
    entry.type === 'folder' ? (
      <ItemMenu
        name={entry.item.folder_name}
        actions={itemActions(entry, {
          rename: (e) => e.type === 'folder' && setRename(e.item),
          share: (e) => setShare(e.item),
          copy: bulk.copy,
          trash: bulk.trash,
        })}
      />
    ) : null

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Files" />
      <PageHeader
        title="Files"
        description="Folders shared with you and by you: upload, preview and download files."
      />
      <StorageUsage />
      <HomeViewBar tabs={tabs} view={view} onNewFolder={() => setCreating(true)} />
      <FilesToolbar mode={mode} onModeChange={setMode} />
      {listing.isPending ? (
        <ListingSkeleton />
      ) : listing.isError ? (
        <ListingError error={listing.error} onRetry={() => void listing.refetch()} />
      ) : entries.length === 0 ? (
        <ListingEmpty title={tab.empty} />
      ) : (
        <ItemListing
          label={tab.label}
          entries={entries}
          mode={mode}
          sorting={sorting}
          onSortingChange={setSorting}
          onOpenFile={() => undefined}
          actions={actions}
        />
      )}
      {bulk.dialog}
      {creating && (
        <NewHomeFolderDialog
          superUser={superUser}
          folderType={folderType}
          onFolderTypeChange={setFolderType}
          onClose={() => setCreating(false)}
          onCreated={() => listing.refetch()}
        />
      )}
      {rename && (
        <NameDialog
          title={`Rename “${rename.folder_name}”`}
          label="New name"
          submitLabel="Rename"
          initial={rename.folder_name}
          onClose={() => setRename(null)}
          onSubmit={async (name) => {
            await filesApi.renameFolder(rename.id, name)
            await listing.refetch()
          }}
        />
      )}
      {share && <ShareDialog folder={share} onClose={() => setShare(null)} />}
    </div>
  )
}
