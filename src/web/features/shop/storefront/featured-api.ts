import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FeaturedProducts, ManagedFeatured } from '../../../../shared/contract/shop/featured'
import { type ApiClient, api } from '../../../lib/api'

// The home page's featured products (decision 0141): the visitors' list, server-rendered on the home
// page, and the managers' choice (read and saved from the site identity page).

const contract = () => import('../../../../shared/contract/shop/featured')

export const featuredKey = ['shop', 'featured'] as const
const managedKey = ['shop', 'featured', 'managed'] as const

export const featuredQuery = (client: ApiClient = api) =>
  queryOptions({
    queryKey: featuredKey,
    queryFn: ({ signal }) =>
      client.get<FeaturedProducts>('/api/shop/featured', {
        signal,
        devSchema: async () => (await contract()).featuredProductsSchema,
      }),
  })

export function useFeaturedProducts() {
  return useQuery(featuredQuery())
}

export function useManagedFeatured() {
  return useQuery({
    queryKey: managedKey,
    queryFn: async ({ signal }) =>
      api.get('/api/admin/shop/featured', { signal, schema: (await contract()).managedFeaturedSchema }),
  })
}

export function useSaveFeatured() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (productIds: string[]) =>
      api.put<ManagedFeatured>(
        '/api/admin/shop/featured',
        { productIds },
        { schema: (await contract()).managedFeaturedSchema },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(managedKey, saved)
      void queryClient.invalidateQueries({ queryKey: featuredKey, exact: true })
    },
  })
}
