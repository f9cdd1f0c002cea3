import {
  coverUploadSchema,
  deliveryFileSchema,
  type ProductCreateInput,
  type ProductDetail,
  type ProductUpdateInput,
  productDetailSchema,
} from '../../../../shared/contract/shop/products'
import { ApiError, api } from '../../../lib/api'
import { productPath } from '../shop-api'

// Product management for UploadProducts staff: create, edit, publish, delete, cover and file uploads.

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
