import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { credentialsSchema } from '../../../shared/contract/accounts'
import { FormField } from '../../components/forms/field'
import { useForm } from '../../components/forms/use-form'
import { PageSkeleton } from '../../components/layout/page-skeleton'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { PasswordInput } from '../../components/ui/password-input'
import { errorMessage } from '../../lib/api'
import { signInWithPassword } from './auth-client'
import { AuthPage, textLinkClasses } from './auth-page'
import { safeCallbackPath } from './auth-redirect'
import { ProviderButton } from './provider-buttons'
import { ResendVerification } from './resend-verification'
import { applySignedIn, useIdentityProviders, useSession } from './session'
import { type SignInProblem, signInProblem } from './sign-in-messages'
import { TwoFactorSignInStep } from './two-factor-sign-in-step'

type FirstStep = { email: string; password: string } | { ticket: string }

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
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const session = useSession()
  const providers = useIdentityProviders()
  const callbackPath = safeCallbackPath(params.get('callbackUrl'))
  const prefill = (location.state as SignInLocationState | null)?.email ?? ''

  const [problem, setProblem] = useState<SignInProblem | undefined>(() =>
    signInProblem(params.get('error'), params.get('code')),
  )
  const [unverifiedEmail, setUnverifiedEmail] = useState<string>()
  // The first step passed and a second factor is needed: what to send again with the code (the
  // password typed, or the ticket an identity provider's sign-in handed back in this page's URL).
  const [firstStep, setFirstStep] = useState<FirstStep | undefined>(() => {
    const ticket = params.get('ticket')
    return ticket && params.get('code') === 'two_factor_required' ? { ticket } : undefined
  })

  const signIn = useMutation({
    mutationFn: signInWithPassword,
    onMutate: () => {
      setProblem(undefined)
      setUnverifiedEmail(undefined)
    },
    onSuccess: async (outcome, input) => {
      if (outcome.kind === 'error') {
        const refusal = signInProblem(outcome.error, outcome.code)
        setProblem(refusal)
        if (outcome.code === 'email_not_verified' && 'email' in input) setUnverifiedEmail(input.email)
        if (refusal?.twoFactor) {
          const { code: _code, callbackUrl: _callbackUrl, ...first } = input
          setFirstStep(first)
        } else setFirstStep(undefined)
        return
      }
      if (outcome.kind === 'redirect') {
        window.location.assign(outcome.url)
        return
      }
      await applySignedIn(queryClient)
      await navigate(outcome.path, { replace: true })
    },
    onError: (error) =>
      setProblem({ title: 'Sign-in is not available right now', detail: errorMessage(error) }),
  })
  const form = useForm({
    schema: credentialsSchema,
    submission: signIn,
    onValid: (data) => signIn.mutate({ ...data, callbackUrl: callbackPath }),
  })
  const { errors } = form

  if (session.status === 'loading') return <PageSkeleton />
  // Already signed in (a bookmark, the back button): straight on, unless there is something to say.
  if (session.status === 'authenticated' && !problem && signIn.isIdle) {
    return <Navigate to={callbackPath} replace />
  }

  const identityProviders = providers.data ?? []
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
      {problem && (
        <Alert
          // An unconfirmed address, or a code still to enter, is a step still to take, not a failure.
          variant={problem.offerResend ? 'warning' : problem.nextStep ? 'info' : 'danger'}
          title={problem.title}
          action={
            problem.offerReset ? (
              <Link className={textLinkClasses} to="/forgot-password">
                Reset your password
              </Link>
            ) : undefined
          }
        >
          <p>{problem.detail}</p>
          {session.status === 'authenticated' && (
            <p className="mt-1">
              You are still signed in as {session.user.name}.{' '}
              <Link className={textLinkClasses} to="/profile">
                Back to your profile
              </Link>
            </p>
          )}
        </Alert>
      )}
      {problem?.offerResend && (
        // The address just typed when there is one; otherwise (a refusal carried in the URL) it asks.
        <ResendVerification
          key={unverifiedEmail ?? ''}
          email={unverifiedEmail}
          label="Send a new verification link"
        />
      )}

      {firstStep ? (
        <TwoFactorSignInStep
          busy={busy}
          onSubmit={(code) => signIn.mutate({ ...firstStep, code, callbackUrl: callbackPath })}
          onCancel={() => {
            setFirstStep(undefined)
            setProblem(undefined)
          }}
        />
      ) : (
        <form {...form.props} className="flex flex-col gap-4">
          <FormField label="E-mail address" error={errors.email} required>
            <Input
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              defaultValue={prefill}
            />
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
      )}

      {identityProviders.length > 0 && (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3 text-xs font-medium text-fg-muted uppercase">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          {identityProviders.map((provider) => (
            <ProviderButton
              key={provider.id}
              provider={provider}
              callbackPath={callbackPath}
              label={`Continue with ${provider.name}`}
              onProblem={setProblem}
            />
          ))}
        </div>
      )}
    </AuthPage>
  )
}
