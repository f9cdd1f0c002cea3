import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage, isApiError } from '../../../lib/api'
import { verifyEmail } from '../accounts-api'
import { AuthPage, textLinkClasses } from '../auth-page'
import { applySignedIn } from '../sessions/session'
import { safeCallbackPath, signInPath } from '../sign-in/auth-redirect'
import type { SignInLocationState } from '../sign-in/sign-in-page'
import { ResendVerification } from './resend-verification'

/**
 * The page the verification mail links to. Opening it changes nothing: mail scanners and link
 * previews fetch links on their own, so the address is confirmed only when the person presses the
 * button (a POST). Confirming signs the person in and brings them to the page the link carries
 * (`callbackUrl`, a path on this site only); an account with a second factor signs in as usual. An
 * expired or used link offers a fresh one.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const callbackPath = safeCallbackPath(params.get('callbackUrl'))
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const verify = useMutation({
    mutationFn: () => verifyEmail(token),
    onSuccess: async (answer) => {
      if (!answer.signed_in) return
      await applySignedIn(queryClient)
      await navigate(callbackPath, { replace: true })
    },
  })

  if (verify.isSuccess && !verify.data.signed_in) {
    const state: SignInLocationState = { email: verify.data.email }
    return (
      <AuthPage title="Your e-mail address is confirmed">
        <Alert variant="success" title="Thank you">
          <p>
            <strong className="break-all">{verify.data.email}</strong> is confirmed. You can sign in now.
          </p>
        </Alert>
        <Button asChild className="w-full">
          <Link to={signInPath(callbackPath)} state={state}>
            Sign in
          </Link>
        </Button>
      </AuthPage>
    )
  }

  // A link cut short by a mail program, or one that no longer works: either way, a new one helps.
  const expired =
    verify.isError &&
    (isApiError(verify.error, 'invalid_token') || isApiError(verify.error, 'validation_failed'))
  const linkProblem = !token
    ? 'This link is incomplete. Open the link from the e-mail again, or ask for a new one below.'
    : expired
      ? 'This link has expired or was already used. Ask for a new one below: it works for 24 hours.'
      : undefined

  if (linkProblem) {
    return (
      <AuthPage title="Confirm your e-mail address">
        <Alert variant="warning" title="This link does not work">
          {linkProblem}
        </Alert>
        <ResendVerification
          label="Send me a new link"
          callbackUrl={callbackPath === '/' ? undefined : callbackPath}
        />
        <p className="text-sm text-fg-muted">
          Already confirmed?{' '}
          <Link className={textLinkClasses} to="/sign-in">
            Sign in
          </Link>
        </p>
      </AuthPage>
    )
  }

  return (
    <AuthPage
      title="Confirm your e-mail address"
      description="One last step: press the button to confirm that this address is yours."
    >
      {verify.isError && (
        <Alert variant="danger" title="Your address was not confirmed">
          {errorMessage(verify.error)}
        </Alert>
      )}
      <Button
        className="w-full"
        loading={verify.isPending || verify.isSuccess}
        onClick={() => verify.mutate()}
      >
        Confirm my e-mail address
      </Button>
    </AuthPage>
  )
}
