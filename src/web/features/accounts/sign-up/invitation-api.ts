import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { invitationPreviewSchema } from '../../../../shared/contract/invitations'
import { api } from '../../../lib/api'
import { landingPath } from '../../dashboard/dashboard-access'
import { signInWithPassword } from '../auth-client'
import { applySignedIn } from '../sessions/session'

// The invitee's side of an invitation (the admin's side is in admin/invitations-api): what the link
// invites to, and accepting it, which signs the new account in.

/** Whom the invitation link invites, and as what; asked only for a link long enough to be one. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitations', 'preview', token],
    queryFn: () => api.post('/api/invitations/preview', { token }, { schema: invitationPreviewSchema }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/**
 * Creates the account from the invitation, signs it in with the chosen password, and goes home (the
 * dashboard, for staff who may see it).
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async (input: { first_name: string; last_name: string; password: string }) => {
      const { email } = await api.post(
        '/api/invitations/accept',
        { ...input, token },
        { schema: invitationPreviewSchema.pick({ email: true }) },
      )
      const outcome = await signInWithPassword({ email, password: input.password, callbackUrl: '/' })
      return { email, signedIn: outcome.kind === 'signed-in' }
    },
    onSuccess: async ({ signedIn }) => {
      if (!signedIn) return
      const user = await applySignedIn(queryClient)
      await navigate(landingPath('/', false, user), { replace: true })
    },
  })
}
