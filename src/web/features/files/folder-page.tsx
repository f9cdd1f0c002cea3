import { Download, FolderPlus, Lock, Share2, Unlock } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import type { ItemRef } from '../../../shared/contract/files'
import type { FileItem, FolderItem } from '../../../shared/contract/files-responses'
import { PageTitle } from '../../components/layout/page-title'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { ProgressBar } from '../../components/ui/progress-bar'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { Breadcrumbs } from './breadcrumbs'
import { type Entry, entryKey, entryName, formatSize, type Sorting, sortingFrom, toEntries } from './entries'
import { filesApi, useFilesMutation, useFolderListing } from './files-api'
import { FilesToolbar } from './files-toolbar'
import { ItemListing } from './item-listing'
import { ItemMenu, type MenuAction } from './item-menu'
import { ListingEmpty, ListingError, ListingSkeleton } from './listing-states'
import { NameDialog } from './name-dialog'
import { PreviewDialog } from './preview-dialog'
import { emptySelection, keepVisible, type Selection } from './selection'
import { ShareDialog } from './share-dialog'
import { UploadWidget } from './upload'
import { useBulkActions } from './use-bulk-actions'
import { useIsFolderSuperUser } from './use-file-manager-user'
import { useFileVersionActions } from './versions/use-file-version-actions'
import { useViewMode } from './view-mode'
import { useZipDownload } from './zip-download'

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; entry: Entry }
  | { kind: 'share'; folder: FolderItem }
  | { kind: 'type'; folder: FolderItem; to: 'public' | 'locked' }
  | null

const refOf = (e: Entry): ItemRef => ({ type: e.type, id: e.item.id })

/** One folder: its breadcrumbs, contents, and everything the user may do there. */
export function FolderPage() {
  const { id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const sorting = sortingFrom(params)
  const listing = useFolderListing(id, sorting)
  const [mode, setMode] = useViewMode()
  const [selection, setSelection] = useState<Selection>(emptySelection)
  const [dialog, setDialog] = useState<Dialog>(null)
  const superUser = useIsFolderSuperUser()
  const zip = useZipDownload()
  const versions = useFileVersionActions()

  const entries = useMemo(
    () => (listing.data ? toEntries(listing.data.folders, listing.data.files) : []),
    [listing.data],
  )
  const byKey = useMemo(() => new Map(entries.map((e) => [entryKey(e), e])), [entries])
  const order = useMemo(() => entries.map(entryKey), [entries])
  useEffect(() => setSelection((s) => keepVisible(s, order)), [order])
  // biome-ignore lint/correctness/useExhaustiveDependencies: another folder starts with nothing selected.
  useEffect(() => setSelection(emptySelection), [id])

  const nameOf = (type: 'file' | 'folder', itemId: string) => {
    const e = byKey.get(`${type}:${itemId}`)
    return e ? entryName(e) : type
  }
  const bulk = useBulkActions({ nameOf, superUser, onDone: () => setSelection(emptySelection) })
  const setType = useFilesMutation((a: { id: string; type: 'public' | 'locked' }) =>
    filesApi.setFolderType(a.id, a.type),
  )

  const fileParam = params.get('file')
  const previewed = fileParam ? (listing.data?.files.find((f) => f.id === fileParam) ?? null) : null
  const openFile = (file: FileItem) =>
    setParams((p) => {
      p.set('file', file.id)
      return p
    })
  const closePreview = () =>
    setParams((p) => {
      p.delete('file')
      return p
    })
  const setSorting = (s: Sorting) =>
    setParams((p) => {
      p.set('sort', s.sort)
      p.set('order', s.order)
      return p
    })

  if (listing.isPending)
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Files" />
        <ListingSkeleton />
      </div>
    )
  if (listing.isError)
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Files" />
        <Breadcrumbs trail={[]} />
        <ListingError error={listing.error} onRetry={() => void listing.refetch()} />
      </div>
    )

  const { folder, breadcrumbs } = listing.data
  const can = folder.abilities
  const selected = [...selection.keys].map((k) => byKey.get(k)).filter((e): e is Entry => !!e)
  const all = (pick: (e: Entry) => boolean) => selected.length > 0 && selected.every(pick)

  const rowActions = (entry: Entry) => {
    const a = entry.item.abilities as Record<string, boolean>
    const list: MenuAction[] = []
    if (entry.type === 'file') list.push({ label: 'Open', onSelect: () => openFile(entry.item) })
    if (entry.type === 'file') list.push(...versions.actionsFor(entry.item))
    if (a.rename) list.push({ label: 'Rename', onSelect: () => setDialog({ kind: 'rename', entry }) })
    if (a.move) list.push({ label: 'Move to…', onSelect: () => bulk.move([refOf(entry)]) })
    if (a.copy) list.push({ label: 'Copy to…', onSelect: () => bulk.copy([refOf(entry)]) })
    if (entry.type === 'folder' && a.share)
      list.push({ label: 'Share…', onSelect: () => setDialog({ kind: 'share', folder: entry.item }) })
    if (a.trash)
      list.push({ label: 'Move to trash', destructive: true, onSelect: () => bulk.trash([refOf(entry)]) })
    return <ItemMenu name={entryName(entry)} actions={list} />
  }

  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={folder.folder_name} />
      <div>
        <Breadcrumbs
          trail={[...breadcrumbs, { id: folder.id, folder_name: folder.folder_name, type: folder.type }]}
        />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-all text-fg sm:text-3xl">
            {folder.folder_name}
          </h1>
          <Badge>{folder.type === 'locked' ? 'Locked' : 'Public'}</Badge>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {can.write && (
          <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'newFolder' })}>
            <FolderPlus aria-hidden="true" /> New folder
          </Button>
        )}
        {can.share && (
          <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'share', folder })}>
            <Share2 aria-hidden="true" /> Share
          </Button>
        )}
        {can.makeLocked && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog({ kind: 'type', folder, to: 'locked' })}
          >
            <Lock aria-hidden="true" /> Make locked
          </Button>
        )}
        {can.makePublic && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog({ kind: 'type', folder, to: 'public' })}
          >
            <Unlock aria-hidden="true" /> Make public
          </Button>
        )}
        {can.list && (
          <Button
            variant="secondary"
            size="sm"
            loading={!!zip.progress}
            onClick={() => void zip.start(folder)}
          >
            <Download aria-hidden="true" /> Download as zip
          </Button>
        )}
        <ItemMenu
          name={folder.folder_name}
          actions={[
            ...(can.rename
              ? [
                  {
                    label: 'Rename folder',
                    onSelect: () =>
                      setDialog({ kind: 'rename', entry: { type: 'folder' as const, item: folder } }),
                  },
                ]
              : []),
            ...(can.move
              ? [{ label: 'Move folder to…', onSelect: () => bulk.move([{ type: 'folder', id: folder.id }]) }]
              : []),
            ...(can.copy
              ? [{ label: 'Copy folder to…', onSelect: () => bulk.copy([{ type: 'folder', id: folder.id }]) }]
              : []),
          ]}
        />
      </div>
      {zip.progress && (
        <ProgressBar
          label="Preparing the zip"
          value={zip.progress.total === null ? undefined : zip.progress.received}
          max={zip.progress.total ?? 100}
          valueText={`${formatSize(zip.progress.received)}${zip.progress.total ? ` of ${formatSize(zip.progress.total)}` : ''}`}
        />
      )}
      {zip.error && (
        <Alert variant="danger" title="The zip could not be downloaded">
          {zip.error}
        </Alert>
      )}
      {can.write && <UploadWidget folderId={folder.id} onBatchDone={() => void listing.refetch()} />}
      <FilesToolbar mode={mode} onModeChange={setMode} />
      {selected.length > 0 && (
        <section
          aria-label="Selection"
          className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface p-2 shadow-sm"
        >
          <span className="px-2 text-sm font-medium">{selected.length} selected</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={!all((e) => e.item.abilities.move)}
            onClick={() => bulk.move(selected.map(refOf))}
          >
            Move to…
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!all((e) => e.item.abilities.copy)}
            onClick={() => bulk.copy(selected.map(refOf))}
          >
            Copy to…
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={!all((e) => e.item.abilities.trash)}
            onClick={() => bulk.trash(selected.map(refOf))}
          >
            Move to trash
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelection(emptySelection)}>
            Clear selection
          </Button>
        </section>
      )}
      {entries.length === 0 ? (
        <ListingEmpty
          title="This folder is empty"
          description={
            can.write ? 'Upload files or create a folder to get started.' : 'Nothing has been added here yet.'
          }
        />
      ) : (
        <ItemListing
          label={`Contents of ${folder.folder_name}`}
          entries={entries}
          mode={mode}
          sorting={sorting}
          onSortingChange={setSorting}
          selection={selection}
          onSelectionChange={setSelection}
          onOpenFile={(e) => openFile(e.item)}
          actions={rowActions}
        />
      )}
      {bulk.dialog}
      {previewed && <PreviewDialog file={previewed} onClose={closePreview} />}
      {versions.elements}
      {dialog?.kind === 'newFolder' && (
        <NameDialog
          title="New folder"
          label="Folder name"
          submitLabel="Create"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const created = await filesApi.createFolder({ folder_name: name, parent_id: folder.id })
            toast({ title: `Created “${created.folder_name}”`, variant: 'success' })
            await listing.refetch()
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename “${entryName(dialog.entry)}”`}
          label="New name"
          submitLabel="Rename"
          initial={entryName(dialog.entry)}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const e = dialog.entry
            await (e.type === 'folder'
              ? filesApi.renameFolder(e.item.id, name)
              : filesApi.renameFile(e.item.id, name))
            toast({ title: `Renamed to “${name}”`, variant: 'success' })
            await listing.refetch()
          }}
        />
      )}
      {dialog?.kind === 'share' && <ShareDialog folder={dialog.folder} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'type' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={
            dialog.to === 'locked'
              ? `Lock “${dialog.folder.folder_name}”?`
              : `Make “${dialog.folder.folder_name}” public?`
          }
          description={
            dialog.to === 'locked'
              ? 'Only people given access to it (and administrators) will see it and what it holds.'
              : 'Every signed-in member will be able to view it and what it holds.'
          }
          confirmLabel={dialog.to === 'locked' ? 'Make locked' : 'Make public'}
          pending={setType.isPending}
          onConfirm={() =>
            setType.mutate(
              { id: dialog.folder.id, type: dialog.to },
              {
                onSuccess: () => {
                  toast({
                    title: dialog.to === 'locked' ? 'The folder is locked' : 'The folder is public',
                    variant: 'success',
                  })
                  setDialog(null)
                },
                onError: (error) =>
                  toast({ title: 'Not changed', description: errorMessage(error), variant: 'danger' }),
              },
            )
          }
        />
      )}
    </div>
  )
}
