import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { emailOnlySchema } from '../../../shared/contract/accounts'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { errorMessage } from '../../lib/api'
import { requestPasswordReset } from './accounts-api'
import { AuthPage, textLinkClasses } from './auth-page'
import { CheckEmailNotice } from './check-email-notice'
import {
  type FieldErrors,
  formValues,
  hasErrors,
  issuesToFieldErrors,
  serverFieldErrors,
} from './form-errors'
import { useFocusFirstError } from './use-focus-first-error'

/** Asks for a password reset link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)
  const request = useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => setErrors(serverFieldErrors(error)),
  })

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

  const failure = request.isError && !hasErrors(errors) ? errorMessage(request.error) : undefined
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
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = emailOnlySchema.safeParse(formValues(event.currentTarget))
          if (!parsed.success) {
            setErrors(issuesToFieldErrors(parsed.error.issues))
            return
          }
          setErrors({})
          request.mutate(parsed.data.email)
        }}
      >
        <FormField label="E-mail address" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" />
        </FormField>
        {failure && (
          <Alert variant="danger" title="The link was not sent">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={request.isPending} className="w-full">
          Send the reset link
        </Button>
      </form>
    </AuthPage>
  )
}
