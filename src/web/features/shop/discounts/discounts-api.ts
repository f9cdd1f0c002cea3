import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type DiscountCreateInput,
  type DiscountSummary,
  type DiscountUpdateInput,
  discountDetailSchema,
  discountListSchema,
} from '../../../../shared/contract/shop/discounts'
import { useListQuery } from '../../../components/data-table'
import { api } from '../../../lib/api'

// Discount codes over HTTP: the staff table, making a code and changing one (deactivating included).

export const STAFF_DISCOUNTS_ENDPOINT = '/api/staff/discounts'
const keys = {
  all: ['discounts'] as const,
  list: () => ['discounts', 'list'] as const,
  detail: (id: string) => ['discounts', 'detail', id] as const,
}

export function useDiscounts(query: Record<string, string | number>) {
  return useListQuery<DiscountSummary>({
    queryKey: keys.list(),
    endpoint: STAFF_DISCOUNTS_ENDPOINT,
    schema: discountListSchema,
    query,
  })
}

/** One code with its products' names, for the edit form; nothing is asked without an id. */
export function useDiscount(id: string | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${STAFF_DISCOUNTS_ENDPOINT}/${encodeURIComponent(id ?? '')}`, {
        signal,
        schema: discountDetailSchema,
      }),
    enabled: Boolean(id),
  })
}

/** Saves a new code (no id) or changes one; the table reloads after. */
export function useSaveDiscount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string | undefined
      body: DiscountCreateInput | DiscountUpdateInput
    }) =>
      id
        ? api.patch(`${STAFF_DISCOUNTS_ENDPOINT}/${encodeURIComponent(id)}`, body, {
            schema: discountDetailSchema,
          })
        : api.post(STAFF_DISCOUNTS_ENDPOINT, body, { schema: discountDetailSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  })
}
