import { FormField } from '../../../components/forms/field'
import type { FieldErrors } from '../../../components/forms/field-errors'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'

/** The setup form's "Your business" fieldset: its name, postal address and support e-mail. */
export function SetupBusinessFields({ errors }: { errors: FieldErrors }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-border pt-4">
      <legend className="pr-2 text-sm font-semibold text-fg">Your business</legend>
      <FormField
        label="Business name"
        error={errors.business_name}
        hint="Shown in the header, page titles and e-mails. You can change it later."
        required
      >
        <Input name="business_name" autoComplete="organization" maxLength={100} />
      </FormField>
      <FormField
        label="Postal address"
        error={errors.business_address}
        hint="Optional now. It goes at the end of every e-mail."
      >
        <Textarea name="business_address" rows={3} autoComplete="street-address" maxLength={500} />
      </FormField>
      <FormField
        label="Support e-mail"
        error={errors.support_email}
        hint="Optional. Where customers can write to you."
      >
        <Input name="support_email" type="email" inputMode="email" />
      </FormField>
    </fieldset>
  )
}
