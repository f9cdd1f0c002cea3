import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../../lib/api'
import { landingPath } from '../../dashboard/dashboard-access'
import { signInWithPassword } from '../auth-client'
import { applySignedIn } from '../sessions/session'
import { type SignInProblem, signInProblem } from './sign-in-messages'

type FirstStep = { email: string; password: string } | { ticket: string }

/**
 * The sign-in page's call and what came of it: the refusal to explain (from the call, or carried in
 * the page's URL after a provider), the address to offer a new link for, and the first step to send
 * again with a second factor. A success goes on to the answer's page.
 */
export function usePasswordSignIn(params: URLSearchParams) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
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
      const user = await applySignedIn(queryClient)
      // Staff and admins start at the dashboard, unless a page sent them here to sign in.
      await navigate(landingPath(outcome.path, params.has('callbackUrl'), user), { replace: true })
    },
    onError: (error) =>
      setProblem({ title: 'Sign-in is not available right now', detail: errorMessage(error) }),
  })

  /** Back from the second factor to the password form, with nothing left to say. */
  const cancelSecondStep = () => {
    setFirstStep(undefined)
    setProblem(undefined)
  }

  return { signIn, problem, setProblem, unverifiedEmail, firstStep, cancelSecondStep }
}
