import { useQueryClient } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { COVER_MAX_BYTES, COVER_TYPES, type ProductDetail } from '../../../shared/contract/products'
import { type FieldErrors, serverFieldErrors } from '../../components/forms/field-errors'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { useFocusFirstError } from '../../components/forms/use-focus-first-error'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { CoverField } from './cover-field'
import {
  type DeliverableKind,
  deliverableKindOf,
  type PendingDeliverable,
  ProductDeliverableCard,
} from './product-deliverable-card'
import { ProductDetailsCard } from './product-details-card'
import { ProductPublishCard } from './product-publish-card'
import { checkProductForm, saveProduct } from './product-save'
import { shopKeys } from './shop-api'

const NOTHING_PENDING: PendingDeliverable = { file: null, progress: undefined, updatePastBuyers: false }

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
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [stage, setStage] = useState<string>()
  const [kind, setKind] = useState<DeliverableKind>(deliverableKindOf(product))
  const [pendingCover, setPendingCover] = useState<File | null>(null)
  const [deliverable, setDeliverable] = useState<PendingDeliverable>(NOTHING_PENDING)
  const [description, setDescription] = useState(product?.description ?? '')
  useFocusFirstError(formRef, errors)

  const refresh = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: shopKeys.all })
    await queryClient.invalidateQueries({ queryKey: shopKeys.product(id) })
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFailure(undefined)
    const { input, errors: found } = checkProductForm(new FormData(event.currentTarget), {
      product,
      currency,
      description,
      kind,
      pendingFile: deliverable.file,
    })
    if (Object.values(found).some(Boolean)) {
      setErrors(found)
      return
    }
    setErrors({})
    setSaving(true)
    try {
      const saved = await saveProduct({
        product,
        input,
        kind,
        cover: pendingCover,
        deliverable,
        onStage: (step) =>
          setStage(step === 'cover' ? 'Uploading the cover…' : `Uploading ${deliverable.file?.name}…`),
        onUploaded: (step) => (step === 'cover' ? setPendingCover(null) : setDeliverable(NOTHING_PENDING)),
        onProgress: (sent, total) => setDeliverable((d) => ({ ...d, progress: { sent, total } })),
      })
      await refresh(saved.id)
      toast.success(product ? 'Product saved' : 'Product created', saved.name)
      if (!product) navigate(`/admin/products/${encodeURIComponent(saved.id)}`, { replace: true })
    } catch (error) {
      const fromServer = serverFieldErrors(error)
      if (Object.keys(fromServer).length > 0) setErrors(fromServer)
      else setFailure(errorMessage(error))
    } finally {
      setSaving(false)
      setStage(undefined)
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <FormFailure title="The product was not saved" failure={failure} />
      <ProductDetailsCard
        product={product}
        currency={currency}
        types={types}
        errors={errors}
        description={description}
        onDescriptionChange={setDescription}
      />
      <CoverField
        current={product?.cover_photo ?? null}
        productId={product?.id}
        pending={pendingCover}
        onPendingChange={setPendingCover}
        onUploaded={() => product && refresh(product.id)}
        accept={COVER_TYPES.join(',')}
        maxBytes={COVER_MAX_BYTES}
      />
      <ProductDeliverableCard
        product={product}
        kind={kind}
        onKindChange={setKind}
        pending={deliverable}
        onPendingChange={(change) => setDeliverable((d) => ({ ...d, ...change }))}
        errors={errors}
      />
      <ProductPublishCard published={product?.isPublished ?? false} error={errors.isPublished} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={saving}>
          <Save aria-hidden="true" />
          {product ? 'Save changes' : 'Create product'}
        </SubmitButton>
        {stage && (
          <span role="status" className="text-sm text-fg-muted">
            {stage}
          </span>
        )}
      </div>
    </form>
  )
}
