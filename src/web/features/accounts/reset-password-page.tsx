import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { passwordSchema } from '../../../shared/contract/accounts'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { PasswordInput } from '../../components/ui/password-input'
import { errorMessage, isApiError } from '../../lib/api'
import { resetPassword } from './accounts-api'
import { AuthPage, textLinkClasses } from './auth-page'
import { type FieldErrors, formValues, hasErrors, serverFieldErrors } from './form-errors'
import { sessionKey } from './session'
import { useFocusFirstError } from './use-focus-first-error'

/** Chooses a new password from the link in the reset mail; every session of the account ends. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  useFocusFirstError(formRef, errors)
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    // This browser's session ended too, if it had one: the header should say so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
    onError: (error) => setErrors(serverFieldErrors(error)),
  })

  if (reset.isSuccess) {
    return (
      <AuthPage title="Your password is changed">
        <Alert variant="success" title="All set">
          For your safety, every device signed in to your account was signed out. Sign in with your new
          password.
        </Alert>
        <Button asChild className="w-full">
          <Link to="/sign-in">Sign in</Link>
        </Button>
      </AuthPage>
    )
  }

  const expired = !token || Boolean(errors.token) || isApiError(reset.error, 'invalid_token')
  if (expired) {
    return (
      <AuthPage title="Reset your password">
        <Alert
          variant="warning"
          title="This link does not work"
          action={
            <Button asChild variant="secondary">
              <Link to="/forgot-password">Ask for a new link</Link>
            </Button>
          }
        >
          {token
            ? 'This reset link has expired or was already used. Links work for one hour and only once.'
            : 'This link is incomplete. Open the link from the e-mail again, or ask for a new one.'}
        </Alert>
      </AuthPage>
    )
  }

  const failure = reset.isError && !hasErrors(errors) ? errorMessage(reset.error) : undefined
  return (
    <AuthPage
      title="Choose a new password"
      description="After the change, every device signed in to your account is signed out."
      footer={
        <p>
          <Link className={textLinkClasses} to="/sign-in">
            Back to sign in
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
          const parsed = passwordSchema.safeParse(formValues(event.currentTarget).password ?? '')
          if (!parsed.success) {
            setErrors({ password: parsed.error.issues[0]?.message })
            return
          }
          setErrors({})
          reset.mutate(parsed.data)
        }}
      >
        <FormField
          label="New password"
          error={errors.password}
          hint="At least 8 characters. A long phrase is easy to remember and hard to guess."
          required
        >
          <PasswordInput name="password" autoComplete="new-password" />
        </FormField>
        {failure && (
          <Alert variant="danger" title="Your password was not changed">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={reset.isPending} className="w-full">
          Change password
        </Button>
      </form>
    </AuthPage>
  )
}
