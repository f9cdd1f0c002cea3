import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { type ClaimAccountInput, claimAccountSchema } from '../../../../shared/contract/accounts'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api'
import { claimAccount } from '../accounts-api'
import { AuthPage, textLinkClasses } from '../auth-page'
import { NameFields, NewPasswordField } from '../person-fields'
import { applySignedIn } from '../sessions/session'
import { safeCallbackPath, signInPath } from '../sign-in/auth-redirect'

/**
 * /claim-account?token=…&callbackUrl=…: the receipt's link after buying without an account
 * (docs/decisions/0140). The buyer names themself and chooses a password; the address is confirmed,
 * they are signed in and land on the order the link carries.
 */
export function ClaimAccountPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const callbackPath = safeCallbackPath(params.get('callbackUrl'), '/account/orders')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const claim = useMutation({
    mutationFn: (input: ClaimAccountInput) => claimAccount(input),
    onSuccess: async (answer) => {
      if (!answer.signed_in) return
      await applySignedIn(queryClient)
      await navigate(callbackPath, { replace: true })
    },
  })
  const form = useForm({
    schema: claimAccountSchema,
    submission: claim,
    onValid: (data) => claim.mutate(data),
    extra: { token },
  })
  const { errors } = form

  if (claim.isSuccess && !claim.data.signed_in)
    return (
      <AuthPage title="Your account is ready">
        <Alert variant="success" title="Password saved">
          Sign in with <strong className="break-all">{claim.data.email}</strong> and your new password.
        </Alert>
        <Button asChild className="w-full">
          <Link to={signInPath(callbackPath)}>Sign in</Link>
        </Button>
      </AuthPage>
    )

  if (!token || errors.token || isApiError(claim.error, 'invalid_token'))
    return (
      <AuthPage title="Open your account">
        <Alert variant="warning" title="This link does not work">
          {token
            ? 'This link has expired or was already used. Sign in, or use “Forgot password” with the address the receipt went to.'
            : 'This link is incomplete. Open the link from the receipt again.'}
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={signInPath(callbackPath)}>Sign in</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/forgot-password">Forgot password</Link>
          </Button>
        </div>
      </AuthPage>
    )

  return (
    <AuthPage
      title="Open your account"
      description="Your order is kept in an account for the address your receipt went to. Add your name and choose a password to see it."
      footer={
        <p>
          Already chose a password?{' '}
          <Link className={textLinkClasses} to={signInPath(callbackPath)}>
            Sign in
          </Link>
        </p>
      }
    >
      <form {...form.props} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields errors={errors} />
        </div>
        <NewPasswordField
          error={errors.password}
          hint="At least 8 characters. A long phrase is easy to remember and hard to guess."
        />
        <FormFailure title="Your account was not opened" failure={form.failure} />
        <SubmitButton pending={form.pending || claim.isSuccess} className="w-full">
          Open my account
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
