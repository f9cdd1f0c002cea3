import { FolderLock, FolderOpen, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { ApiError, errorMessage } from '../../../lib/api'

/** Rows of grey while a listing loads. */
export function ListingSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <span className="sr-only" role="status">
        Loading
      </span>
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}

export function ListingError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // Refused or gone (trashed, moved away, or the caller's access revoked): trying again cannot help,
  // and the server does not say which, so neither does the page (locked folders stay unnamed).
  if (error instanceof ApiError && (error.status === 403 || error.status === 404))
    return (
      <EmptyState
        icon={FolderLock}
        title="You cannot open this"
        description="It may have been moved to the trash or elsewhere, or your access to it was removed."
        action={
          <Button asChild variant="secondary">
            <Link to="/files">Back to Files</Link>
          </Button>
        }
      />
    )
  return (
    <EmptyState
      tone="danger"
      icon={TriangleAlert}
      title="This could not be loaded"
      description={errorMessage(error)}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  )
}

export function ListingEmpty({
  title,
  description,
  action,
}: {
  title: string
  description?: string
  action?: ReactNode
}) {
  return <EmptyState icon={FolderOpen} title={title} description={description} action={action} />
}

/**
 * Below a listing read a page at a time: how many entries are loaded and whether more follow (said
 * politely to screen readers), with a button for those who do not scroll (and to retry a failed page).
 */
export function ListingMore({
  loaded,
  hasMore,
  loading,
  failed,
  onLoadMore,
}: {
  loaded: number
  hasMore: boolean
  loading: boolean
  failed: boolean
  onLoadMore: () => void
}) {
  if (!hasMore) return null
  return (
    <div className="flex items-center justify-center gap-3 text-sm text-fg-muted">
      <span role="status" aria-live="polite">
        {loading
          ? `${loaded} entries shown, loading more…`
          : failed
            ? 'The next entries could not be loaded.'
            : `${loaded} entries shown, more below.`}
      </span>
      {!loading && (
        <Button size="sm" variant="secondary" onClick={onLoadMore}>
          {failed ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  )
}
