import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { type Me, profileUpdateSchema } from '../../../../shared/contract/accounts'
import { SITE_ADDRESS_MAX, TAX_NUMBER_MAX } from '../../../../shared/contract/site'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Card, CardFooter, CardHeader } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast-store'
import { updateProfile } from '../accounts-api'
import { meKey } from '../sessions/session'

/** What invoices print about the buyer beyond their name: a billing address and a tax number. */
export function BillingDetailsForm({ me }: { me: Me }) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(meKey, updated)
      toast.success('Billing details saved')
    },
  })
  const form = useForm({
    schema: profileUpdateSchema,
    submission: save,
    onValid: (data) => save.mutate(data),
  })
  const { errors } = form
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Billing details"
        description="Optional. Printed on the invoices of the orders you pay from now on."
      />
      <form {...form.props} className="flex flex-col gap-4">
        <FormField
          label="Billing address"
          error={errors.billing_address}
          hint="One line per line of the address."
        >
          <Textarea
            name="billing_address"
            rows={3}
            defaultValue={me.billing_address ?? ''}
            maxLength={SITE_ADDRESS_MAX}
            autoComplete="street-address"
          />
        </FormField>
        <FormField label="Tax or VAT number" error={errors.tax_number}>
          <Input name="tax_number" defaultValue={me.tax_number ?? ''} maxLength={TAX_NUMBER_MAX} />
        </FormField>
        <FormFailure title="Your billing details were not saved" failure={form.failure} />
        <CardFooter>
          <SubmitButton pending={form.pending}>Save billing details</SubmitButton>
        </CardFooter>
      </form>
    </Card>
  )
}
