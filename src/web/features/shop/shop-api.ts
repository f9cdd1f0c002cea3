import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type {
  CartLookup,
  CatalogueList,
  ProductDetail,
  ProductTypes,
} from '../../../shared/contract/shop/products'
import { type ApiClient, ApiError, api } from '../../lib/api'

// The shop's public API calls and cache keys: the catalogue, the product page, a cart's prices.
// They are on the shop's first load, so their answers are checked against the contract in development
// and tests and trusted in production (decision 0096); product management is product-management-api.ts.
// The queries a server-rendered page needs take the client to ask with: the server renders with its
// own app, under the same keys the browser reads (decision 0110).

const products = () => import('../../../shared/contract/shop/products')

export const PRODUCTS_ENDPOINT = '/api/admin/products'
export const shopKeys = {
  all: ['shop'] as const,
  catalogue: (query: Record<string, string | number>) => ['shop', 'catalogue', query] as const,
  types: ['shop', 'types'] as const,
  product: (id: string) => ['shop', 'product', id] as const,
  cart: (ids: readonly string[]) => ['shop', 'cart', ids] as const,
  managed: ['shop', 'managed'] as const,
}

export const productPath = (id: string) => `/api/shop/products/${encodeURIComponent(id)}`

export const catalogueQuery = (query: Record<string, string | number>, client: ApiClient = api) =>
  queryOptions({
    queryKey: shopKeys.catalogue(query),
    queryFn: ({ signal }) =>
      client.get<CatalogueList>('/api/shop/products', {
        query,
        signal,
        devSchema: async () => (await products()).catalogueListSchema,
      }),
  })

export function useCatalogue(query: Record<string, string | number>) {
  return useQuery({ ...catalogueQuery(query), placeholderData: keepPreviousData })
}

export const productTypesQuery = (client: ApiClient = api) =>
  queryOptions({
    queryKey: shopKeys.types,
    queryFn: ({ signal }) =>
      client.get<ProductTypes>('/api/shop/types', {
        signal,
        devSchema: async () => (await products()).productTypesSchema,
      }),
  })

export function useProductTypes() {
  return useQuery(productTypesQuery())
}

export const productQuery = (id: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: shopKeys.product(id),
    queryFn: ({ signal }) =>
      client.get<ProductDetail>(productPath(id), {
        signal,
        devSchema: async () => (await products()).productDetailSchema,
      }),
    // A missing product will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })

export function useProduct(id: string | undefined) {
  return useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) })
}

/** Fresh prices for the cart's products; those no longer for sale are missing from the answer. */
export function useCartPrices(ids: readonly string[]) {
  const sorted = [...ids].sort()
  return useQuery({
    queryKey: shopKeys.cart(sorted),
    queryFn: ({ signal }) =>
      api.get<CartLookup>('/api/shop/cart', {
        query: { ids: sorted.join(',') },
        signal,
        devSchema: async () => (await products()).cartLookupSchema,
      }),
    enabled: sorted.length > 0,
    staleTime: 0,
  })
}
