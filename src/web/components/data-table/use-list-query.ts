import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ListResponse } from '../../../shared/contract/list'
import { api } from '../../lib/api'

export interface ListQueryOptions<TData> {
  /** The cache key prefix of this list, e.g. ['things', 'list']; the query parameters are appended. */
  queryKey: QueryKey
  /** The list endpoint, e.g. `/api/things`. */
  endpoint: string
  schema: z.ZodType<ListResponse<TData>>
  /** The table's query parameters (TableStateController.query). */
  query: Record<string, string | number>
  enabled?: boolean
}

/**
 * One page of a server-side list. While the next page, sort or filter loads, the previous rows stay
 * on screen (placeholderData) so the table does not jump; DataTable dims them meanwhile.
 */
export function useListQuery<TData>({
  queryKey,
  endpoint,
  schema,
  query,
  enabled = true,
}: ListQueryOptions<TData>) {
  return useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => api.get(endpoint, { query, signal, schema }),
    placeholderData: keepPreviousData,
    enabled,
  })
}
