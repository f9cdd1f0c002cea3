import { useId, useState } from 'react'
import type { ProductDetail } from '../../../../shared/contract/shop/products'
import { FormField } from '../../../components/forms/field'
import type { FieldErrors } from '../../../components/forms/field-errors'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { MarkdownView } from '../markdown-view'
import { minorToInput } from './money-input'

/**
 * The product editor's first step: name, type (the shop's types offered), price in the shop's
 * currency, and the Markdown description with a preview. The description is controlled so the
 * preview follows it; the other fields are read from the form when it is saved.
 */
export function ProductDetailsCard({
  product,
  currency,
  types,
  errors,
  description,
  onDescriptionChange,
}: {
  product: ProductDetail | undefined
  currency: string
  types: string[]
  errors: FieldErrors
  description: string
  onDescriptionChange: (description: string) => void
}) {
  const typesId = useId()
  const [preview, setPreview] = useState(false)
  return (
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
          <Input name="type" defaultValue={product?.type} list={typesId} maxLength={60} autoComplete="off" />
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
              onChange={(e) => onDescriptionChange(e.target.value)}
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
  )
}
