import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  cartLookupSchema,
  catalogueListSchema,
  coverUploadSchema,
  deliveryFileSchema,
  type ProductCreateInput,
  type ProductDetail,
  type ProductUpdateInput,
  productDetailSchema,
  productTypesSchema,
} from '../../../shared/contract/products'
import { ApiError, api } from '../../lib/api'

// The shop's API calls and cache keys: the public catalogue, the product page, a cart's prices, and
// product management (create, edit, publish, delete, cover and file uploads).

export const PRODUCTS_ENDPOINT = '/api/admin/products'
export const shopKeys = {
  all: ['shop'] as const,
  catalogue: (query: Record<string, string | number>) => ['shop', 'catalogue', query] as const,
  types: ['shop', 'types'] as const,
  product: (id: string) => ['shop', 'product', id] as const,
  cart: (ids: readonly string[]) => ['shop', 'cart', ids] as const,
  managed: ['shop', 'managed'] as const,
}

const productPath = (id: string) => `/api/shop/products/${encodeURIComponent(id)}`

export function useCatalogue(query: Record<string, string | number>) {
  return useQuery({
    queryKey: shopKeys.catalogue(query),
    queryFn: ({ signal }) => api.get('/api/shop/products', { query, signal, schema: catalogueListSchema }),
    placeholderData: keepPreviousData,
  })
}

export function useProductTypes() {
  return useQuery({
    queryKey: shopKeys.types,
    queryFn: ({ signal }) => api.get('/api/shop/types', { signal, schema: productTypesSchema }),
  })
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: shopKeys.product(id ?? ''),
    queryFn: ({ signal }) => api.get(productPath(id!), { signal, schema: productDetailSchema }),
    enabled: Boolean(id),
    // A missing product will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}

/** Fresh prices for the cart's products; those no longer for sale are missing from the answer. */
export function useCartPrices(ids: readonly string[]) {
  const sorted = [...ids].sort()
  return useQuery({
    queryKey: shopKeys.cart(sorted),
    queryFn: ({ signal }) =>
      api.get('/api/shop/cart', { query: { ids: sorted.join(',') }, signal, schema: cartLookupSchema }),
    enabled: sorted.length > 0,
    staleTime: 0,
  })
}

export function createProduct(input: ProductCreateInput): Promise<ProductDetail> {
  return api.post('/api/shop/products', input, { schema: productDetailSchema })
}

export function updateProduct(id: string, input: ProductUpdateInput): Promise<ProductDetail> {
  return api.patch(productPath(id), input, { schema: productDetailSchema })
}

export function deleteProduct(id: string): Promise<{ outcome: 'deleted' | 'hidden' }> {
  return api.delete(productPath(id))
}

export function uploadCover(id: string, file: Blob) {
  return api.put(`${productPath(id)}/cover`, file, { schema: coverUploadSchema })
}

export function removeCover(id: string): Promise<void> {
  return api.delete(`${productPath(id)}/cover`)
}

export function removeProductFile(id: string): Promise<void> {
  return api.delete(`${productPath(id)}/file`)
}

/**
 * Uploads the buyers' file with progress. fetch() cannot report upload progress, so this one request
 * uses XMLHttpRequest; it sends the same proof as the API client (same origin, the file's own type).
 */
export function uploadProductFile(
  id: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  options: { updatePastBuyers?: boolean; signal?: AbortSignal } = {},
): Promise<{ name: string; type: string; size: number }> {
  const { signal } = options
  const query = new URLSearchParams({ name: file.name })
  if (options.updatePastBuyers) query.set('updatePastBuyers', 'true')
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', `${productPath(id)}/file?${query.toString()}`)
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size)
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = deliveryFileSchema.safeParse(
          (body as { deliveryFile?: unknown } | undefined)?.deliveryFile,
        )
        if (parsed.success) return resolve(parsed.data)
      }
      const problem = (body ?? {}) as {
        title?: string
        detail?: string
        code?: string
        errors?: Record<string, string[]>
      }
      reject(
        new ApiError({
          status: xhr.status,
          code: (problem.code as never) ?? 'internal_error',
          title: problem.title ?? 'The upload failed',
          detail: problem.detail ?? 'The file was not stored. Please try again.',
          fieldErrors: problem.errors,
        }),
      )
    }
    xhr.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'network_error',
          title: 'Could not reach the site',
          detail: 'The upload stopped. Check your connection, then try again.',
        }),
      )
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}
