import { type FormEvent, useState } from 'react'
import { FormField } from '../../../components/forms/field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Price } from '../price'
import type { DiscountCodeState } from './use-discount-code'

/** "Discount code" in the cart's summary: apply or remove a code; why it does not apply; what it takes off. */
export function DiscountCodeField({ discount }: { discount: DiscountCodeState }) {
  const [typed, setTyped] = useState('')
  const { preview } = discount
  const submit = (event: FormEvent) => {
    event.preventDefault()
    discount.apply(typed)
  }
  if (discount.code && preview.data)
    return (
      <div className="flex flex-col gap-1 text-sm" role="status">
        <div className="flex items-baseline justify-between gap-2">
          <span>
            Code <strong>{preview.data.code}</strong>
          </span>
          <Price amount={-preview.data.discount} currency={preview.data.currency} className="font-medium" />
        </div>
        <Button variant="ghost" size="sm" className="self-start" onClick={discount.remove}>
          Remove code
        </Button>
      </div>
    )
  return (
    <form onSubmit={submit} className="flex items-end gap-2" aria-label="Discount code">
      <FormField
        label="Discount code"
        className="flex-1"
        error={discount.code && preview.isError ? preview.error.message : undefined}
      >
        <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" maxLength={40} />
      </FormField>
      <Button type="submit" variant="secondary" loading={preview.isFetching} disabled={typed.trim() === ''}>
        Apply
      </Button>
    </form>
  )
}
