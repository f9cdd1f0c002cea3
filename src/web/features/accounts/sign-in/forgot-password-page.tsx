import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import { emailOnlySchema } from '../../../../shared/contract/accounts'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Input } from '../../../components/ui/input'
import { requestPasswordReset } from '../accounts-api'
import { AuthPage, textLinkClasses } from '../auth-page'
import { CheckEmailNotice } from '../sign-up/check-email-notice'

/** Asks for a password reset link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: requestPasswordReset,
  })
  const form = useForm({
    schema: emailOnlySchema,
    submission: request,
    onValid: (data) => request.mutate(data.email),
  })
  const { errors } = form

  if (request.isSuccess) {
    return (
      <AuthPage title="Reset your password">
        <CheckEmailNotice
          action={
            <p className="text-sm">
              <Link className={textLinkClasses} to="/sign-in">
                Back to sign in
              </Link>
            </p>
          }
        >
          <p>
            If <strong className="break-all">{request.variables}</strong> has an account here, we sent it a
            link to choose a new password. The link works for one hour.
          </p>
          <p className="text-fg-muted">Nothing after a few minutes? Check your spam folder, or try again.</p>
        </CheckEmailNotice>
      </AuthPage>
    )
  }

  return (
    <AuthPage
      title="Reset your password"
      description="Enter the e-mail address you sign in with, and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link className={textLinkClasses} to="/sign-in">
            Sign in
          </Link>
        </p>
      }
    >
      <form {...form.props} className="flex flex-col gap-4">
        <FormField label="E-mail address" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" />
        </FormField>
        <FormFailure title="The link was not sent" failure={form.failure} />
        <SubmitButton pending={form.pending} className="w-full">
          Send the reset link
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
