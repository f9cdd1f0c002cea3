import { useQueryClient } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  COVER_MAX_BYTES,
  COVER_TYPES,
  PRODUCT_FILE_MAX_BYTES,
  type ProductDetail,
  productCreateSchema,
} from '../../../shared/contract/products'
import { FormField } from '../../components/forms/field'
import { type FieldErrors, issuesToFieldErrors, serverFieldErrors } from '../../components/forms/field-errors'
import { useFocusFirstError } from '../../components/forms/use-focus-first-error'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardHeader } from '../../components/ui/card'
import { Checkbox } from '../../components/ui/checkbox'
import { Input } from '../../components/ui/input'
import { SegmentedControl } from '../../components/ui/segmented-control'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { CoverField } from './cover-field'
import { DeliverableFile } from './deliverable-file'
import { MarkdownView } from './markdown-view'
import { minorToInput, parseMoneyInput } from './money-input'
import { createProduct, updateProduct, uploadCover, uploadProductFile } from './product-management-api'
import { shopKeys } from './shop-api'

type DeliverableKind = 'link' | 'file'

/**
 * The product editor (new and existing): fields with per-field errors, the cover with a preview, what
 * buyers receive (a link, or a file uploaded with progress), and the publish switch. A new product's
 * cover and file are uploaded right after it is created; an existing product's as soon as chosen.
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
  const typesId = useId()
  const publishId = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formProblem, setFormProblem] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [stage, setStage] = useState<string>()
  const [kind, setKind] = useState<DeliverableKind>(
    product && !product.management?.product_url && product.management?.deliveryFile ? 'file' : 'link',
  )
  const [pendingCover, setPendingCover] = useState<File | null>(null)
  const [pendingFile, setPendingFile] = useState<File | null>(null)
  const [fileProgress, setFileProgress] = useState<{ sent: number; total: number }>()
  const [updatePastBuyers, setUpdatePastBuyers] = useState(false)
  const [description, setDescription] = useState(product?.description ?? '')
  const [preview, setPreview] = useState(false)
  useFocusFirstError(formRef, errors)

  const refresh = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: shopKeys.all })
    await queryClient.invalidateQueries({ queryKey: shopKeys.product(id) })
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormProblem(undefined)
    const form = new FormData(event.currentTarget)
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
    const found: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues)
    if (!price.ok) found.price = price.message
    if (kind === 'link' && !input.product_url) found.product_url = 'Give the link buyers receive.'
    if (kind === 'file' && !hasFile && wantsPublished)
      found.isPublished = 'Upload the file for buyers before publishing.'
    if (kind === 'file' && pendingFile && pendingFile.size > PRODUCT_FILE_MAX_BYTES)
      found.file = 'This file is too large.'
    if (Object.values(found).some(Boolean)) {
      setErrors(found)
      return
    }
    setErrors({})
    setSaving(true)
    try {
      // A file product is published only once its file is in: create or save it unpublished first.
      const publishLater = wantsPublished && Boolean(pendingFile)
      const body = { ...input, isPublished: publishLater ? false : wantsPublished }
      let saved: ProductDetail
      if (product) {
        // Switching to a file keeps the old link until the uploaded file replaces it.
        const { product_url: _link, ...withoutLink } = body
        saved = await updateProduct(product.id, kind === 'link' ? body : withoutLink)
      } else {
        saved = await createProduct(body)
      }
      if (pendingCover) {
        setStage('Uploading the cover…')
        await uploadCover(saved.id, pendingCover)
        setPendingCover(null)
      }
      if (pendingFile) {
        setStage(`Uploading ${pendingFile.name}…`)
        await uploadProductFile(saved.id, pendingFile, (sent, total) => setFileProgress({ sent, total }), {
          updatePastBuyers: updatePastBuyers && Boolean(product?.management?.deliveryFile),
        })
        setPendingFile(null)
        setUpdatePastBuyers(false)
        setFileProgress(undefined)
      }
      if (publishLater) saved = await updateProduct(saved.id, { isPublished: true })
      await refresh(saved.id)
      toast.success(product ? 'Product saved' : 'Product created', saved.name)
      if (!product) navigate(`/admin/products/${encodeURIComponent(saved.id)}`, { replace: true })
    } catch (error) {
      const fromServer = serverFieldErrors(error)
      if (Object.keys(fromServer).length > 0) setErrors(fromServer)
      else setFormProblem(errorMessage(error))
    } finally {
      setSaving(false)
      setStage(undefined)
    }
  }

  const m = product?.management
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-6">
      {formProblem && (
        <Alert variant="danger" title="The product was not saved">
          {formProblem}
        </Alert>
      )}
      <Card>
        <CardHeader title="Details" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name} required className="sm:col-span-2">
            <Input name="name" defaultValue={product?.name} maxLength={200} autoComplete="off" />
          </FormField>
          <FormField
            label="Type"
            error={errors.type}
            required
            hint="E-book, Template, Course… The shop filters by it."
          >
            <Input
              name="type"
              defaultValue={product?.type}
              list={typesId}
              maxLength={60}
              autoComplete="off"
            />
          </FormField>
          <datalist id={typesId}>
            {types.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <FormField
            label={`Price (${currency})`}
            error={errors.price}
            required
            hint="For example 1500 or 1500.50."
          >
            <Input
              name="price"
              inputMode="decimal"
              defaultValue={product ? minorToInput(product.price, currency) : ''}
              autoComplete="off"
            />
          </FormField>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <FormField
              label="Description"
              error={errors.description}
              hint="Plain text or Markdown: **bold**, *italic*, lists, [links](https://…). HTML is shown as text."
            >
              <Textarea
                name="description"
                rows={8}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={20000}
              />
            </FormField>
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() => setPreview((p) => !p)}
              aria-expanded={preview}
            >
              {preview ? 'Hide preview' : 'Preview description'}
            </Button>
            {preview && (
              <section aria-label="Description preview" className="rounded-md border border-border p-4">
                <MarkdownView source={description || '_Nothing yet._'} />
              </section>
            )}
          </div>
        </div>
      </Card>

      <CoverField
        current={product?.cover_photo ?? null}
        productId={product?.id}
        pending={pendingCover}
        onPendingChange={setPendingCover}
        onUploaded={() => product && refresh(product.id)}
        accept={COVER_TYPES.join(',')}
        maxBytes={COVER_MAX_BYTES}
      />

      <Card>
        <CardHeader
          title="What buyers receive"
          description="A link to your content, or a file we keep private and hand out through expiring download links."
        />
        <SegmentedControl
          legend="Deliverable"
          name="deliverable"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'link', label: 'A link' },
            { value: 'file', label: 'A file' },
          ]}
        />
        <div className="mt-4">
          {kind === 'link' ? (
            <FormField
              label="Link"
              error={errors.product_url}
              required
              hint="Starts with https:// (or http://)."
            >
              <Input name="product_url" type="url" defaultValue={m?.product_url ?? ''} autoComplete="off" />
            </FormField>
          ) : (
            <DeliverableFile
              current={m?.deliveryFile ?? null}
              pending={pendingFile}
              onPendingChange={setPendingFile}
              progress={fileProgress}
              error={errors.file}
              updatePastBuyers={updatePastBuyers}
              onUpdatePastBuyersChange={setUpdatePastBuyers}
            />
          )}
        </div>
      </Card>

      <Card>
        <CardHeader title="Publishing" />
        <div className="flex items-center gap-3 text-sm text-fg">
          <Checkbox
            id={publishId}
            name="isPublished"
            defaultChecked={product?.isPublished ?? false}
            aria-invalid={errors.isPublished ? true : undefined}
            aria-describedby={errors.isPublished ? 'publish-error' : undefined}
          />
          <label htmlFor={publishId}>Published: shown in the shop and for sale</label>
        </div>
        {errors.isPublished && (
          <p id="publish-error" className="mt-2 text-sm text-danger-text">
            {errors.isPublished}
          </p>
        )}
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={saving}>
          <Save aria-hidden="true" />
          {product ? 'Save changes' : 'Create product'}
        </Button>
        {stage && (
          <span role="status" className="text-sm text-fg-muted">
            {stage}
          </span>
        )}
      </div>
    </form>
  )
}
