import { PageTitle } from '../../../components/layout/page-title'
import { ListingError, ListingSkeleton } from '../listing/listing-states'
import { Breadcrumbs } from './breadcrumbs'

/** The folder page while its first page of contents loads (the folder's name is not known yet). */
export function FolderPageLoading() {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Files" />
      <ListingSkeleton />
    </div>
  )
}

/** The folder page when its contents could not be read: why, and a retry where one can help. */
export function FolderPageFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title="Files" />
      <Breadcrumbs trail={[]} />
      <ListingError error={error} onRetry={onRetry} />
    </div>
  )
}
