import { FolderOpen, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'

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
