import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type OrderSummary,
  orderDetailSchema,
  orderListSchema,
  type RefundInput,
} from '../../../../shared/contract/shop/orders'
import { useListQuery } from '../../../components/data-table'
import { api } from '../../../lib/api'

// Orders over HTTP: the buyer's history and one order; the staff table, one order and refunds.

export const MY_ORDERS_ENDPOINT = '/api/shop/orders'
export const STAFF_ORDERS_ENDPOINT = '/api/staff/orders'

export const orderKeys = {
  all: ['orders'] as const,
  mine: (query: Record<string, string | number>) => [...orderKeys.all, 'mine', query] as const,
  staffList: () => [...orderKeys.all, 'staff', 'list'] as const,
  detail: (scope: 'mine' | 'staff', id: string) => [...orderKeys.all, scope, 'detail', id] as const,
}

export function useMyOrders(query: Record<string, string | number>) {
  return useQuery({
    queryKey: orderKeys.mine(query),
    queryFn: ({ signal }) => api.get(MY_ORDERS_ENDPOINT, { signal, query, schema: orderListSchema }),
  })
}

export function useStaffOrders(query: Record<string, string | number>) {
  return useListQuery<OrderSummary>({
    queryKey: orderKeys.staffList(),
    endpoint: STAFF_ORDERS_ENDPOINT,
    schema: orderListSchema,
    query,
  })
}

/** While a refund waits on Paystack, the order's page asks again this often. */
export const ORDER_SETTLING_POLL_MS = 3_000

/**
 * One order. While a refund is under way the open page polls, so the refund Paystack's webhook
 * settles (or fails) shows without a reload, on the staff page and the buyer's alike.
 */
export function useOrder(scope: 'mine' | 'staff', id: string) {
  const base = scope === 'mine' ? MY_ORDERS_ENDPOINT : STAFF_ORDERS_ENDPOINT
  return useQuery({
    queryKey: orderKeys.detail(scope, id),
    queryFn: ({ signal }) =>
      api.get(`${base}/${encodeURIComponent(id)}`, { signal, schema: orderDetailSchema }),
    refetchInterval: (query) =>
      query.state.data?.status === 'refund_pending' ? ORDER_SETTLING_POLL_MS : false,
  })
}

export function useRefund(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RefundInput) =>
      api.post(`${STAFF_ORDERS_ENDPOINT}/${encodeURIComponent(id)}/refunds`, input, {
        schema: orderDetailSchema,
      }),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail('staff', id), order)
      await queryClient.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
}
