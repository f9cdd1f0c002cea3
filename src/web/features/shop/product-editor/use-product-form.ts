import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import type { ProductDetail } from '../../../../shared/contract/shop/products'
import { type FieldErrors, serverFieldErrors } from '../../../components/forms/field-errors'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { shopKeys } from '../shop-api'
import { type DeliverableKind, deliverableKindOf, type PendingDeliverable } from './product-deliverable-card'
import { checkProductForm, saveProduct } from './product-save'

const NOTHING_PENDING: PendingDeliverable = { file: null, progress: undefined, updatePastBuyers: false }

/**
 * The product editor's state (what buyers receive, the pending cover and file, the description, the
 * errors and the save's stage) and its submit: check the form, save, refresh the shop's queries, and
 * go to a new product's own editor.
 */
export function useProductForm(product: ProductDetail | undefined, currency: string) {
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

  const changeDeliverable = (change: Partial<PendingDeliverable>) =>
    setDeliverable((d) => ({ ...d, ...change }))

  return {
    errors,
    failure,
    saving,
    stage,
    kind,
    setKind,
    pendingCover,
    setPendingCover,
    deliverable,
    changeDeliverable,
    description,
    setDescription,
    refresh,
    submit,
  }
}
