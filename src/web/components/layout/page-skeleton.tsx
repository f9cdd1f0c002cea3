import { Skeleton } from '../ui/skeleton'

/** Stands in for a page whose code is still loading (the first visit only; later visits wait in place). */
export function PageSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading page
      </span>
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-5 w-full max-w-xl" />
      <Skeleton className="mt-4 h-48 w-full" />
    </div>
  )
}
