import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { passwordSchema } from '../../../../shared/contract/accounts'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { PasswordInput } from '../../../components/ui/password-input'
import { isApiError } from '../../../lib/api'
import { resetPassword } from '../accounts-api'
import { AuthPage, textLinkClasses } from '../auth-page'
import { sessionKey } from '../sessions/session'

const newPasswordSchema = z.object({ password: passwordSchema })

/** Chooses a new password from the link in the reset mail; every session of the account ends. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const queryClient = useQueryClient()
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    // This browser's session ended too, if it had one: the header should say so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  })
  const form = useForm({
    schema: newPasswordSchema,
    submission: reset,
    onValid: ({ password }) => reset.mutate(password),
  })
  const { errors } = form

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
      <form {...form.props} className="flex flex-col gap-4">
        <FormField
          label="New password"
          error={errors.password}
          hint="At least 8 characters. A long phrase is easy to remember and hard to guess."
          required
        >
          <PasswordInput name="password" autoComplete="new-password" />
        </FormField>
        <FormFailure title="Your password was not changed" failure={form.failure} />
        <SubmitButton pending={form.pending} className="w-full">
          Change password
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
