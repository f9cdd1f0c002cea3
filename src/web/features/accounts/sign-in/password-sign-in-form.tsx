import { Link } from 'react-router'
import { FormField } from '../../../components/forms/field'
import type { Form } from '../../../components/forms/use-form'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { PasswordInput } from '../../../components/ui/password-input'
import { textLinkClasses } from '../auth-page'

/** E-mail and password, with the way to a forgotten password. The form's wiring is the page's. */
export function PasswordSignInForm({ form, prefill, busy }: { form: Form; prefill: string; busy: boolean }) {
  const { errors } = form
  return (
    <form {...form.props} className="flex flex-col gap-4">
      <FormField label="E-mail address" error={errors.email} required>
        <Input name="email" type="email" autoComplete="username" inputMode="email" defaultValue={prefill} />
      </FormField>
      <FormField label="Password" error={errors.password} required>
        <PasswordInput name="password" autoComplete="current-password" />
      </FormField>
      <div className="-mt-1 text-sm">
        <Link className={textLinkClasses} to="/forgot-password">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" loading={busy} className="w-full">
        Sign in
      </Button>
    </form>
  )
}
