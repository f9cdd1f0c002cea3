import { Download } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { FileItem } from '../../../../shared/contract/files-responses'
import { PageTitle } from '../../../components/layout/page-title'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { FileAddressesProvider } from '../file-addresses'
import { Breadcrumbs } from '../folder/breadcrumbs'
import { type Sorting, sortEntries, toEntries } from '../listing/entries'
import { ItemListing } from '../listing/item-listing'
import { PreviewDialog } from '../preview-dialog'
import { useZipDownload } from '../zip-download'
import { ZipStatus } from '../zip-status'
import { useSharedListing } from './share-links-api'
import { linkAddresses, sharedCrumbs, sharedFileItem, sharedFolderItem } from './shared-entries'

/**
 * A shared folder for a link's visitor, in the folder page's own pieces: the breadcrumbs inside the
 * shared subtree, the listing (read-only: no selection, no menus), the preview dialog and the zip
 * download with its progress. Every address is the link's (shared-entries.linkAddresses).
 */
export function SharedFolder({
  token,
  canDownload,
  sharedBy,
}: {
  token: string
  canDownload: boolean
  /** Who shared it, and when, under the heading. */
  sharedBy?: ReactNode
}) {
  const [params] = useSearchParams()
  const folderId = params.get('folder') ?? undefined
  const listing = useSharedListing(token, folderId, true)
  const sharedFolderId = listing.data?.breadcrumbs[0]?.id ?? null
  const addresses = useMemo(() => linkAddresses(token, sharedFolderId), [token, sharedFolderId])
  if (listing.isPending)
    return (
      <div className="flex items-center gap-2 text-fg-muted">
        <Spinner /> Loading…
      </div>
    )
  if (listing.isError)
    return (
      <Alert variant="warning" title="This folder cannot be shown">
        {errorMessage(listing.error)}
      </Alert>
    )
  return (
    <FileAddressesProvider value={addresses}>
      <SharedFolderContents listing={listing.data} canDownload={canDownload} sharedBy={sharedBy} />
    </FileAddressesProvider>
  )
}

function SharedFolderContents({
  listing,
  canDownload,
  sharedBy,
}: {
  listing: NonNullable<ReturnType<typeof useSharedListing>['data']>
  canDownload: boolean
  sharedBy: ReactNode
}) {
  const [sorting, setSorting] = useState<Sorting>({ sort: 'name', order: 'asc' })
  const [previewed, setPreviewed] = useState<FileItem | null>(null)
  const zip = useZipDownload()
  const { folder } = listing
  const parentId = listing.breadcrumbs.at(-2)?.id ?? null
  const entries = sortEntries(
    toEntries(
      listing.folders.map((f) => sharedFolderItem(f, folder.id)),
      listing.files.map((f) => sharedFileItem(f, folder.id, canDownload)),
    ),
    sorting,
  )
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={folder.folder_name} />
      <div>
        <Breadcrumbs trail={sharedCrumbs(listing)} />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-all text-fg">{folder.folder_name}</h1>
          {canDownload && (
            <Button
              size="sm"
              variant="secondary"
              disabled={zip.progress !== null}
              onClick={() => void zip.start(sharedFolderItem(folder, parentId))}
            >
              <Download aria-hidden="true" /> Download as zip
            </Button>
          )}
        </div>
        {sharedBy}
      </div>
      <ZipStatus zip={zip} />
      {entries.length === 0 ? (
        <p className="text-sm text-fg-muted">This folder is empty.</p>
      ) : (
        <ItemListing
          label={`Contents of ${folder.folder_name}`}
          entries={entries}
          mode="list"
          sorting={sorting}
          onSortingChange={setSorting}
          onOpenFile={(entry) => setPreviewed(entry.item)}
        />
      )}
      {previewed && <PreviewDialog file={previewed} onClose={() => setPreviewed(null)} />}
    </div>
  )
}
