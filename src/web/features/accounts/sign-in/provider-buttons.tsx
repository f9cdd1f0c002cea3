import { useMutation } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { startProviderSignIn } from '../auth-client'
import type { AuthProvider } from '../sessions/session-api'
import { type SignInProblem, signInProblem } from './sign-in-messages'

export interface ProviderButtonProps {
  provider: AuthProvider
  /** Where to come back to after the provider. */
  callbackPath: string
  /** "Continue with Acme SSO" or "Connect". */
  label: string
  /** Called when the provider cannot be reached or the sign-in is refused before leaving. */
  onProblem: (problem: SignInProblem) => void
  variant?: 'primary' | 'secondary'
  /** A longer accessible name when the visible label is short ("Connect" → "Connect Acme SSO"). */
  ariaLabel?: string
}

/**
 * Starts sign-in with an identity provider: asks Auth.js where the provider's login page is, then
 * sends the browser there. The button stays busy until the page is gone.
 */
export function ProviderButton({
  provider,
  callbackPath,
  label,
  onProblem,
  variant = 'secondary',
  ariaLabel,
}: ProviderButtonProps) {
  const [leaving, setLeaving] = useState(false)
  const start = useMutation({
    mutationFn: () => startProviderSignIn(provider.id, callbackPath),
    onSuccess: (outcome) => {
      if (outcome.kind === 'error') {
        onProblem(signInProblem(outcome.error, outcome.code) ?? signInProblem('Configuration')!)
        return
      }
      setLeaving(true)
      window.location.assign(outcome.kind === 'redirect' ? outcome.url : outcome.path)
    },
    onError: (error) =>
      onProblem({ title: 'Sign-in is not available right now', detail: errorMessage(error) }),
  })
  return (
    <Button
      variant={variant}
      className="w-full"
      loading={start.isPending || leaving}
      aria-label={ariaLabel}
      onClick={() => start.mutate()}
    >
      {!(start.isPending || leaving) && <KeyRound aria-hidden="true" />}
      {label}
    </Button>
  )
}
