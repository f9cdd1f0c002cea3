import {
  PRODUCT_FILE_MAX_BYTES,
  type ProductDetail,
  productCreateSchema,
} from '../../../../shared/contract/shop/products'
import { type FieldErrors, issuesToFieldErrors } from '../../../components/forms/field-errors'
import { parseMoneyInput } from './money-input'
import type { DeliverableKind, PendingDeliverable } from './product-deliverable-card'
import { createProduct, updateProduct, uploadCover, uploadProductFile } from './product-management-api'

// The product editor's save, in its steps: check the form against the contract, create or update the
// product, upload a chosen cover and file, and only then publish a file product.

export interface ProductFormCheck {
  input: {
    name: string
    type: string
    price: number
    description: string
    product_url: string | null
    isPublished: boolean
  }
  errors: FieldErrors
}

/** The form's values as the contract takes them, and one message per field that is not right. */
export function checkProductForm(
  form: FormData,
  context: {
    product: ProductDetail | undefined
    currency: string
    description: string
    kind: DeliverableKind
    pendingFile: File | null
  },
): ProductFormCheck {
  const { product, currency, description, kind, pendingFile } = context
  const price = parseMoneyInput(String(form.get('price') ?? ''), currency)
  const wantsPublished = form.get('isPublished') === 'on'
  const hasFile = Boolean(pendingFile || product?.management?.deliveryFile)
  const input = {
    name: String(form.get('name') ?? ''),
    type: String(form.get('type') ?? ''),
    price: price.ok ? price.minor : Number.NaN,
    description,
    product_url: kind === 'link' ? String(form.get('product_url') ?? '').trim() || null : null,
    isPublished: wantsPublished,
  }
  const parsed = productCreateSchema.safeParse(input)
  const errors: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues)
  if (!price.ok) errors.price = price.message
  if (kind === 'link' && !input.product_url) errors.product_url = 'Give the link buyers receive.'
  if (kind === 'file' && !hasFile && wantsPublished)
    errors.isPublished = 'Upload the file for buyers before publishing.'
  if (kind === 'file' && pendingFile && pendingFile.size > PRODUCT_FILE_MAX_BYTES)
    errors.file = 'This file is too large.'
  return { input, errors }
}

/**
 * Creates or updates the product, then uploads the pending cover and file, saying each stage. A file
 * product is published only once its file is in: it is saved unpublished first, then published.
 */
export async function saveProduct({
  product,
  input,
  kind,
  cover,
  deliverable,
  onStage,
  onUploaded,
  onProgress,
}: {
  product: ProductDetail | undefined
  input: ProductFormCheck['input']
  kind: DeliverableKind
  cover: File | null
  deliverable: PendingDeliverable
  /** Before an upload starts, and once it is in (so a later failure does not send it again). */
  onStage: (stage: 'cover' | 'file') => void
  onUploaded: (stage: 'cover' | 'file') => void
  onProgress: (sent: number, total: number) => void
}): Promise<ProductDetail> {
  const publishLater = input.isPublished && Boolean(deliverable.file)
  const body = { ...input, isPublished: publishLater ? false : input.isPublished }
  let saved: ProductDetail
  if (product) {
    // Switching to a file keeps the old link until the uploaded file replaces it.
    const { product_url: _link, ...withoutLink } = body
    saved = await updateProduct(product.id, kind === 'link' ? body : withoutLink)
  } else {
    saved = await createProduct(body)
  }
  if (cover) {
    onStage('cover')
    await uploadCover(saved.id, cover)
    onUploaded('cover')
  }
  if (deliverable.file) {
    onStage('file')
    await uploadProductFile(saved.id, deliverable.file, onProgress, {
      updatePastBuyers: deliverable.updatePastBuyers && Boolean(product?.management?.deliveryFile),
    })
    onUploaded('file')
  }
  if (publishLater) saved = await updateProduct(saved.id, { isPublished: true })
  return saved
}
