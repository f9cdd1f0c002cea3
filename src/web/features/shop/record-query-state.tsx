import type { UseQueryResult } from '@tanstack/react-query'
import { CircleX } from 'lucide-react'
import type { ReactNode } from 'react'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { errorMessage } from '../../lib/api'

/**
 * What a page of one record (an order, a customer) shows before the record is there: a skeleton
 * while loading, a clear message when it cannot be had. Undefined once the record has arrived.
 */
export function recordQueryState(
  query: UseQueryResult<unknown>,
  noun: 'order' | 'customer',
): ReactNode | undefined {
  if (query.isPending)
    return (
      <div role="status" aria-label={`Loading the ${noun}`}>
        <Skeleton className="h-48" />
      </div>
    )
  if (query.isError)
    return (
      <EmptyState
        headingLevel="h1"
        icon={CircleX}
        tone="danger"
        title={`${noun[0]!.toUpperCase()}${noun.slice(1)} not available`}
        description={errorMessage(query.error)}
      />
    )
  return undefined
}
