import { FolderPlus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { HomeView } from '../../../shared/contract/files'
import type { FolderItem } from '../../../shared/contract/files-responses'
import { PageHeader } from '../../components/layout/page-header'
import { PageTitle } from '../../components/layout/page-title'
import { Button, buttonClasses } from '../../components/ui/button'
import { SegmentedControl } from '../../components/ui/segmented-control'
import { toast } from '../../components/ui/toast-store'
import { cn } from '../../lib/cn'
import type { Entry, Sorting } from './entries'
import { sortEntries, sortingFrom, toEntries } from './entries'
import { filesApi, useHomeView, useLiveHomeViews } from './files-api'
import { FilesToolbar } from './files-toolbar'
import { itemActions } from './item-actions'
import { ItemListing } from './item-listing'
import { ItemMenu } from './item-menu'
import { ListingEmpty, ListingError, ListingSkeleton } from './listing-states'
import { NameDialog } from './name-dialog'
import { TRASH_PATH } from './paths'
import { ShareDialog } from './share-dialog'
import { StorageUsage } from './storage-usage'
import { useBulkActions } from './use-bulk-actions'
import { useIsFolderSuperUser } from './use-file-manager-user'
import { useViewMode } from './view-mode'

const TABS: { view: HomeView; label: string; empty: string }[] = [
  { view: 'public', label: 'Public', empty: 'No public folders yet.' },
  { view: 'shared', label: 'Shared with me', empty: 'Nobody has shared a folder with you yet.' },
  { view: 'mine', label: 'My folders', empty: 'You have no folders of your own yet. Create one to start.' },
  { view: 'all', label: 'All folders', empty: 'There are no folders yet.' },
]

function viewFrom(params: URLSearchParams, superUser: boolean): HomeView {
  const v = params.get('view')
  if (v === 'public' || v === 'shared' || v === 'mine') return v
  if (v === 'all' && superUser) return 'all'
  return 'mine'
}

/** The file manager's home: Public, Shared with me, My folders and, for super users, All folders. */
export function FilesHomePage() {
  const [params, setParams] = useSearchParams()
  const superUser = useIsFolderSuperUser()
  const view = viewFrom(params, superUser)
  const sorting = sortingFrom(params)
  const listing = useHomeView(view, sorting)
  useLiveHomeViews()
  const [mode, setMode] = useViewMode()
  const [creating, setCreating] = useState(false)
  const [folderType, setFolderType] = useState<'locked' | 'public'>('locked')
  const [rename, setRename] = useState<FolderItem | null>(null)
  const [share, setShare] = useState<FolderItem | null>(null)
  const folders = listing.data?.folders ?? []
  const nameOf = (_t: 'file' | 'folder', id: string) =>
    folders.find((f) => f.id === id)?.folder_name ?? 'folder'
  const bulk = useBulkActions({ nameOf, superUser })
  const tabs = TABS.filter((t) => t.view !== 'all' || superUser)
  const tab = tabs.find((t) => t.view === view)!

  const setSorting = (s: Sorting) =>
    setParams((p) => {
      p.set('sort', s.sort)
      p.set('order', s.order)
      return p
    })
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
      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav aria-label="Folder views">
          <ul className="flex flex-wrap gap-1">
            {tabs.map((t) => (
              <li key={t.view}>
                <Link
                  to={`?view=${t.view}`}
                  aria-current={t.view === view ? 'page' : undefined}
                  className={cn(
                    buttonClasses({ variant: t.view === view ? 'primary' : 'ghost', size: 'sm' }),
                  )}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            <FolderPlus aria-hidden="true" /> New folder
          </Button>
          <Link to={TRASH_PATH} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <Trash2 aria-hidden="true" /> Trash
          </Link>
        </div>
      </div>
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
        <NameDialog
          title="New folder"
          label="Folder name"
          submitLabel="Create"
          onClose={() => setCreating(false)}
          onSubmit={async (name) => {
            const created = await filesApi.createFolder({
              folder_name: name,
              parent_id: null,
              ...(superUser ? { type: folderType } : {}),
            })
            toast({ title: `Created “${created.folder_name}”`, variant: 'success' })
            await listing.refetch()
          }}
        >
          {superUser && (
            <SegmentedControl
              legend="Who can see it"
              name="folder-type"
              value={folderType}
              onChange={setFolderType}
              options={[
                { value: 'locked', label: 'Locked' },
                { value: 'public', label: 'Public' },
              ]}
            />
          )}
        </NameDialog>
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
