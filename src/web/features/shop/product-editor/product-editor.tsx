import { Save } from 'lucide-react'
import { useRef } from 'react'
import { COVER_MAX_BYTES, COVER_TYPES, type ProductDetail } from '../../../../shared/contract/shop/products'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useFocusFirstError } from '../../../components/forms/use-focus-first-error'
import { CoverField } from './cover-field'
import { ProductDeliverableCard } from './product-deliverable-card'
import { ProductDetailsCard } from './product-details-card'
import { ProductPublishCard } from './product-publish-card'
import { useProductForm } from './use-product-form'

/**
 * The product editor (new and existing), in its steps: details, the cover with a preview, what buyers
 * receive (a link, or a file uploaded with progress), and the publish switch; then save. A new
 * product's cover and file are uploaded right after it is created; an existing product's cover as
 * soon as chosen.
 */
export function ProductEditor({
  product,
  currency,
  types,
}: {
  product?: ProductDetail
  currency: string
  types: string[]
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useProductForm(product, currency)
  const { errors } = form
  useFocusFirstError(formRef, errors)

  return (
    <form ref={formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-6">
      <FormFailure title="The product was not saved" failure={form.failure} />
      <ProductDetailsCard
        product={product}
        currency={currency}
        types={types}
        errors={errors}
        description={form.description}
        onDescriptionChange={form.setDescription}
      />
      <CoverField
        current={product?.cover_photo ?? null}
        productId={product?.id}
        pending={form.pendingCover}
        onPendingChange={form.setPendingCover}
        onUploaded={() => product && form.refresh(product.id)}
        accept={COVER_TYPES.join(',')}
        maxBytes={COVER_MAX_BYTES}
      />
      <ProductDeliverableCard
        product={product}
        kind={form.kind}
        onKindChange={form.setKind}
        pending={form.deliverable}
        onPendingChange={form.changeDeliverable}
        errors={errors}
      />
      <ProductPublishCard published={product?.isPublished ?? false} error={errors.isPublished} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={form.saving}>
          <Save aria-hidden="true" />
          {product ? 'Save changes' : 'Create product'}
        </SubmitButton>
        {form.stage && (
          <span role="status" className="text-sm text-fg-muted">
            {form.stage}
          </span>
        )}
      </div>
    </form>
  )
}
