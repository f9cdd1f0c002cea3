import { useQuery } from '@tanstack/react-query'
import {
  type CustomerSummary,
  customerDetailSchema,
  customerListSchema,
} from '../../../../shared/contract/shop/customers'
import { useListQuery } from '../../../components/data-table'
import { api } from '../../../lib/api'

// Customers over HTTP: the staff table and one customer (their orders come from the orders list).

export const STAFF_CUSTOMERS_ENDPOINT = '/api/staff/customers'

const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
}

export function useCustomers(query: Record<string, string | number>) {
  return useListQuery<CustomerSummary>({
    queryKey: customerKeys.list(),
    endpoint: STAFF_CUSTOMERS_ENDPOINT,
    schema: customerListSchema,
    query,
  })
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get(`${STAFF_CUSTOMERS_ENDPOINT}/${encodeURIComponent(id)}`, {
        signal,
        schema: customerDetailSchema,
      }),
  })
}
