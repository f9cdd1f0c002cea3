import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { SEARCH_MIN_CHARACTERS } from '../../../shared/contract/files'
import type { FileItem } from '../../../shared/contract/files-responses'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'
import { searchable, useSearchPages } from './files-api'
import { FilesToolbar } from './files-toolbar'
import { Breadcrumbs } from './folder/breadcrumbs'
import { sortEntries } from './listing/entries'
import { ItemListing } from './listing/item-listing'
import { ListingEmpty, ListingError, ListingSkeleton } from './listing/listing-states'
import { useChosenSorting } from './listing/use-listing-sorting'
import { useViewMode } from './listing/view-mode'
import { PreviewDialog } from './preview-dialog'
import { rankedEntries } from './search-results'

/**
 * Folders and files whose name contains the query, among everything the user can see: best match
 * first (the names that start with it, then the others, as the server ranks them), or sorted by a
 * column the user picks (the results loaded so far).
 */
export function SearchPage() {
  const [params] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const { sorting, setSorting, clearSorting } = useChosenSorting()
  const results = useSearchPages(q)
  const [mode, setMode] = useViewMode()
  const [open, setOpen] = useState<FileItem | null>(null)
  const ranked = rankedEntries(results.data?.pages ?? [])
  const entries = sorting ? sortEntries(ranked, sorting) : ranked
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
          <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            {sorting ? (
              <>
                <p>The results loaded so far, sorted by the column you chose.</p>
                <Button variant="secondary" size="sm" onClick={clearSorting}>
                  Best matches first
                </Button>
              </>
            ) : (
              <p>Names that start with “{q}” first, then names that contain it.</p>
            )}
          </div>
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
