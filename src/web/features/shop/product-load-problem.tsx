import type { ReactNode } from 'react'
import { LoadFailed } from '../../components/data-table/data-table-states'
import { ApiError } from '../../lib/api'

/**
 * A product that did not load: `notFound` when the server says there is no such product (each page
 * words it for its reader), otherwise the failure with its reason and a retry.
 */
export function ProductLoadProblem({
  product,
  notFound,
}: {
  product: { error: unknown; isFetching: boolean; refetch: () => unknown }
  notFound: ReactNode
}) {
  if (product.error instanceof ApiError && product.error.status === 404) return notFound
  return (
    <LoadFailed
      label="Product"
      error={product.error}
      onRetry={() => product.refetch()}
      retrying={product.isFetching}
    />
  )
}
