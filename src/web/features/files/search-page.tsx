import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { SEARCH_MIN_CHARACTERS } from '../../../shared/contract/files'
import type { FileItem } from '../../../shared/contract/files-responses'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { searchable, useSearchPages } from './files-api'
import { FilesToolbar } from './files-toolbar'
import { Breadcrumbs } from './folder/breadcrumbs'
import { sortEntries, toEntries } from './listing/entries'
import { ItemListing } from './listing/item-listing'
import { ListingEmpty, ListingError, ListingSkeleton } from './listing/listing-states'
import { useListingSorting } from './listing/use-listing-sorting'
import { useViewMode } from './listing/view-mode'
import { PreviewDialog } from './preview-dialog'

/** Folders and files whose name contains the query, among everything the user can see. */
export function SearchPage() {
  const [params] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const { sorting, setSorting } = useListingSorting()
  const results = useSearchPages(q)
  const [mode, setMode] = useViewMode()
  const [open, setOpen] = useState<FileItem | null>(null)
  const pages = results.data?.pages ?? []
  const entries = sortEntries(
    toEntries(
      pages.flatMap((p) => p.folders),
      pages.flatMap((p) => p.files),
    ),
    sorting,
  )
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={q ? `Search: ${q}` : 'Search files'} />
      <div>
        <Breadcrumbs trail={[]} />
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {q ? `Results for “${q}”` : 'Search files'}
        </h1>
      </div>
      <FilesToolbar key={q} mode={mode} onModeChange={setMode} initialQuery={q} />
      {!q ? (
        <ListingEmpty title="Type a name to search" />
      ) : !searchable(q) ? (
        <ListingEmpty
          title={`Type at least ${SEARCH_MIN_CHARACTERS} characters`}
          description="Search finds names that contain what you type, from three characters on."
        />
      ) : results.isPending ? (
        <ListingSkeleton />
      ) : results.isError ? (
        <ListingError error={results.error} onRetry={() => void results.refetch()} />
      ) : entries.length === 0 ? (
        <ListingEmpty
          title="Nothing found"
          description="No folder or file you can open has that in its name."
        />
      ) : (
        <>
          <ItemListing
            label="Search results"
            entries={entries}
            mode={mode}
            sorting={sorting}
            onSortingChange={setSorting}
            onOpenFile={(e) => setOpen(e.item)}
            showLocation
          />
          <div className="flex flex-col items-center gap-2">
            {results.isFetchNextPageError && (
              <p className="text-sm text-danger" role="alert">
                Could not load more results. Try again.
              </p>
            )}
            {results.hasNextPage ? (
              <Button
                variant="secondary"
                disabled={results.isFetchingNextPage}
                onClick={() => void results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? 'Loading more…' : 'Load more results'}
              </Button>
            ) : (
              <p className="text-sm text-fg-muted">
                {entries.length === 1 ? 'One result.' : `All ${entries.length} results.`}
              </p>
            )}
          </div>
        </>
      )}
      {open && <PreviewDialog file={open} onClose={() => setOpen(null)} />}
    </div>
  )
}
