import { useCallback, useMemo } from 'react'
import { joinPages, useFolderListing, useLiveFolder } from '../files-api'
import { type Sorting, toEntries } from '../listing/entries'

/**
 * A folder's listing, kept live, with its pages joined into one list of entries; `loadMore` asks for
 * the next page unless there is none or it is already on its way.
 */
export function useFolderEntries(id: string, sorting: Sorting) {
  const listing = useFolderListing(id, sorting)
  useLiveFolder(id)
  const joined = useMemo(() => (listing.data ? joinPages(listing.data.pages) : null), [listing.data])
  const entries = useMemo(() => (joined ? toEntries(joined.folders, joined.files) : []), [joined])
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listing
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  return { listing, joined, entries, loadMore }
}
