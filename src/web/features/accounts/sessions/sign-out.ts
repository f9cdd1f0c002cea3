import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { applySignedOut } from './session'

/** Lets signed-in-only parts of the page (the bell and its live connection) step aside while signing out. */
export const SIGN_OUT_MUTATION_KEY = ['accounts', 'sign-out'] as const

/** Signs out: the page goes home, the server ends the session, then the page forgets the user's data. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationKey: SIGN_OUT_MUTATION_KEY,
    mutationFn: async () => {
      // Leave signed-in pages before the session ends, so none of them asks the server again as the
      // old user, or sees the session end and sends the browser to sign in again.
      await navigate('/')
      // The Auth.js calls (and their schemas) load when used, not with every page (decision 0096).
      await (await import('../auth-client')).signOut()
    },
    onSuccess: () => {
      applySignedOut(queryClient)
      toast.success('You are signed out')
    },
    onError: (error) => toast.error('Could not sign out', errorMessage(error)),
  })
}
