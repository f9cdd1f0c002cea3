import { FormField } from '../../components/forms/field'
import type { FieldErrors } from '../../components/forms/field-errors'
import { Input } from '../../components/ui/input'
import { PasswordInput } from '../../components/ui/password-input'

/** First and last name, as every account form asks for them (`first_name`, `last_name`). */
export function NameFields({
  errors,
  saved,
}: {
  errors: FieldErrors
  /** The names on file, when editing. */
  saved?: { first_name: string; last_name: string }
}) {
  return (
    <>
      <FormField label="First name" error={errors.first_name} required>
        <Input name="first_name" autoComplete="given-name" maxLength={100} defaultValue={saved?.first_name} />
      </FormField>
      <FormField label="Last name" error={errors.last_name} required>
        <Input name="last_name" autoComplete="family-name" maxLength={100} defaultValue={saved?.last_name} />
      </FormField>
    </>
  )
}

/** A corporate account's business name and industry (`business_name`, `industry`). */
export function BusinessFields({
  errors,
  saved,
  industryHint,
}: {
  errors: FieldErrors
  /** What is on file, when editing. */
  saved?: { business_name: string | null; industry: string | null }
  industryHint?: string
}) {
  return (
    <>
      <FormField label="Business name" error={errors.business_name} required>
        <Input
          name="business_name"
          autoComplete="organization"
          maxLength={200}
          defaultValue={saved?.business_name ?? undefined}
        />
      </FormField>
      <FormField
        label="Industry"
        error={errors.industry}
        {...(industryHint ? { hint: industryHint } : {})}
        required
      >
        <Input name="industry" maxLength={100} defaultValue={saved?.industry ?? undefined} />
      </FormField>
    </>
  )
}

/** A password being chosen (`password`), which password managers offer to generate and save. */
export function NewPasswordField({
  error,
  hint = 'At least 8 characters.',
}: {
  error: string | undefined
  hint?: string
}) {
  return (
    <FormField label="Password" error={error} hint={hint} required>
      <PasswordInput name="password" autoComplete="new-password" />
    </FormField>
  )
}
