import { type FormEvent, useState } from 'react'
import type { DiscountDetail } from '../../../../shared/contract/shop/discounts'
import { FormField } from '../../../components/forms/field'
import { ProblemAlert } from '../../../components/forms/problem-alert'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { DialogFooter } from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { fieldError } from '../../../lib/api-error'
import { type DiscountFormValues, formValuesOf, parseDiscountForm } from './discount-form-values'
import { useSaveDiscount } from './discounts-api'
import { ProductPicker } from './product-picker'

/** Making or changing a discount code: each field checked here, then by the server, and says what is wrong. */
export function DiscountForm({
  discount,
  currency,
  onDone,
}: {
  discount?: DiscountDetail | undefined
  currency: string
  onDone: () => void
}) {
  const [values, setValues] = useState<DiscountFormValues>(() => formValuesOf(discount, currency))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveDiscount()
  // Changing a field clears its own message; the next submit checks it again.
  const set = <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    const field = key === 'scope' || key === 'products' ? 'product_ids' : key
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  const err = (key: string) => errors[key] ?? fieldError(save.error, key)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseDiscountForm(values, currency)
    if ('errors' in parsed) return setErrors(parsed.errors)
    setErrors({})
    save.mutate({ id: discount?.id, body: parsed.body }, { onSuccess: onDone })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {save.isError && <ProblemAlert title="The code was not saved" error={save.error} />}
      <FormField label="Code" required error={err('code')} hint="Buyers type it in any case.">
        <Input value={values.code} onChange={(e) => set('code', e.target.value)} maxLength={40} />
      </FormField>
      <FormField label="Kind" required>
        <Select
          value={values.kind}
          onChange={(e) => set('kind', e.target.value as DiscountFormValues['kind'])}
        >
          <option value="percentage">Percentage</option>
          <option value="fixed">Fixed amount ({currency})</option>
        </Select>
      </FormField>
      <FormField
        label={values.kind === 'percentage' ? 'Percentage off' : `Amount off (${currency})`}
        required
        error={err('value')}
      >
        <Input inputMode="decimal" value={values.value} onChange={(e) => set('value', e.target.value)} />
      </FormField>
      <FormField label={`Minimum order (${currency})`} error={err('min_order')} hint="Optional.">
        <Input
          inputMode="decimal"
          value={values.min_order}
          onChange={(e) => set('min_order', e.target.value)}
        />
      </FormField>
      <DiscountLimits values={values} set={set} err={err} />
      <ProductPicker
        scope={values.scope}
        chosen={values.products}
        onScope={(scope) => set('scope', scope)}
        onChosen={(products) => set('products', products)}
        error={err('product_ids')}
      />
      <div className="flex items-center gap-2 text-sm">
        <Checkbox
          id="discount-active"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <label htmlFor="discount-active">Active (buyers may use it)</label>
      </div>
      <DialogFooter>
        <Button type="submit" loading={save.isPending}>
          {discount ? 'Save changes' : 'Create code'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** When the code may be used and how often. */
function DiscountLimits({
  values,
  set,
  err,
}: {
  values: DiscountFormValues
  set: <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K]) => void
  err: (key: string) => string | undefined
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="Starts (UTC)" error={err('starts_at')}>
        <Input
          type="datetime-local"
          value={values.starts_at}
          onChange={(e) => set('starts_at', e.target.value)}
        />
      </FormField>
      <FormField label="Ends (UTC)" error={err('ends_at')}>
        <Input
          type="datetime-local"
          value={values.ends_at}
          onChange={(e) => set('ends_at', e.target.value)}
        />
      </FormField>
      <FormField label="Total use limit" error={err('max_uses')} hint="Empty: no limit.">
        <Input
          inputMode="numeric"
          value={values.max_uses}
          onChange={(e) => set('max_uses', e.target.value)}
        />
      </FormField>
      <FormField label="Per-customer limit" error={err('max_uses_per_customer')} hint="Empty: no limit.">
        <Input
          inputMode="numeric"
          value={values.max_uses_per_customer}
          onChange={(e) => set('max_uses_per_customer', e.target.value)}
        />
      </FormField>
    </div>
  )
}
