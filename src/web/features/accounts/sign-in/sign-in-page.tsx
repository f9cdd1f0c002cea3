import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { credentialsSchema } from '../../../../shared/contract/accounts'
import { useForm } from '../../../components/forms/use-form'
import { PageSkeleton } from '../../../components/layout/page-skeleton'
import { landingPath } from '../../dashboard/dashboard-access'
import { AuthPage, textLinkClasses } from '../auth-page'
import { useIdentityProviders, useSession } from '../sessions/session'
import { ResendVerification } from '../sign-up/resend-verification'
import { TwoFactorSignInStep } from '../two-factor/two-factor-sign-in-step'
import { safeCallbackPath } from './auth-redirect'
import { IdentityProviderChoices } from './identity-provider-choices'
import { PasswordSignInForm } from './password-sign-in-form'
import { SignInProblemAlert } from './sign-in-problem-alert'
import { usePasswordSignIn } from './use-password-sign-in'

/** What other pages may hand over when they link here (the address just verified, say). */
export interface SignInLocationState {
  email?: string
}

/**
 * Sign in with e-mail and password, or "Continue with …" each configured identity provider. Refusals
 * come back as Auth.js's `error` and our `code` (from the call, or in this page's URL after a
 * provider), and each gets its own message; an unconfirmed address is offered a new link.
 */
export function SignInPage() {
  const [params] = useSearchParams()
  const location = useLocation()
  const session = useSession()
  const providers = useIdentityProviders()
  const callbackPath = safeCallbackPath(params.get('callbackUrl'))
  const prefill = (location.state as SignInLocationState | null)?.email ?? ''
  const { signIn, problem, setProblem, unverifiedEmail, firstStep, cancelSecondStep } =
    usePasswordSignIn(params)
  const form = useForm({
    schema: credentialsSchema,
    submission: signIn,
    onValid: (data) => signIn.mutate({ ...data, callbackUrl: callbackPath }),
  })

  if (session.status === 'loading') return <PageSkeleton />
  // Already signed in (a bookmark, the back button): straight on, unless there is something to say.
  if (session.status === 'authenticated' && !problem && signIn.isIdle) {
    return <Navigate to={landingPath(callbackPath, params.has('callbackUrl'), session.user)} replace />
  }

  // Busy until the next page shows, not just until the answer: a success navigates away.
  const busy = signIn.isPending || (signIn.isSuccess && signIn.data.kind !== 'error')

  return (
    <AuthPage
      title="Sign in"
      description="Welcome back. Sign in to see your orders, downloads and shared folders."
      footer={
        <p>
          New here?{' '}
          <Link
            className={textLinkClasses}
            to={
              callbackPath === '/' ? '/sign-up' : `/sign-up?callbackUrl=${encodeURIComponent(callbackPath)}`
            }
          >
            Create an account
          </Link>
        </p>
      }
    >
      {problem && <SignInProblemAlert problem={problem} session={session} />}
      {problem?.offerResend && (
        // The address just typed when there is one; otherwise (a refusal carried in the URL) it asks.
        <ResendVerification
          key={unverifiedEmail ?? ''}
          email={unverifiedEmail}
          label="Send a new verification link"
          callbackUrl={callbackPath === '/' ? undefined : callbackPath}
        />
      )}

      {firstStep ? (
        <TwoFactorSignInStep
          busy={busy}
          onSubmit={(code) => signIn.mutate({ ...firstStep, code, callbackUrl: callbackPath })}
          onCancel={cancelSecondStep}
        />
      ) : (
        <PasswordSignInForm form={form} prefill={prefill} busy={busy} />
      )}

      <IdentityProviderChoices
        providers={providers.data ?? []}
        callbackPath={callbackPath}
        onProblem={setProblem}
      />
    </AuthPage>
  )
}
