import type { UseQueryResult } from '@tanstack/react-query'
import { CircleX } from 'lucide-react'
import type { ReactNode } from 'react'
import { EmptyState } from '../../../components/ui/empty-state'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api'

/**
 * What an order page shows before its order is there: a skeleton while loading, a clear message when
 * it cannot be had. Undefined once the order has arrived. Shared by the buyer's and the staff's page.
 */
export function orderQueryState(order: UseQueryResult<unknown>): ReactNode | undefined {
  if (order.isPending)
    return (
      <div role="status" aria-label="Loading the order">
        <Skeleton className="h-48" />
      </div>
    )
  if (order.isError)
    return (
      <EmptyState
        headingLevel="h1"
        icon={CircleX}
        tone="danger"
        title="Order not available"
        description={errorMessage(order.error)}
      />
    )
  return undefined
}
