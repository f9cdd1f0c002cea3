import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type InvitationCreateInput,
  invitationListSchema,
  invitationSchema,
} from '../../../../shared/contract/invitations'
import { api } from '../../../lib/api'

// Invitations over HTTP: the open ones, inviting, sending again and revoking.

const ENDPOINT = '/api/admin/invitations'
export const invitationKeys = { all: ['admin', 'invitations'] as const }

export function useInvitations() {
  return useQuery({
    queryKey: invitationKeys.all,
    queryFn: ({ signal }) => api.get(ENDPOINT, { signal, schema: invitationListSchema }),
  })
}

function useInvitationMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  })
}

export const useInvite = () =>
  useInvitationMutation((input: InvitationCreateInput) =>
    api.post(ENDPOINT, input, { schema: invitationSchema }),
  )

export const useResendInvitation = () =>
  useInvitationMutation((id: string) =>
    api.post(`${ENDPOINT}/${encodeURIComponent(id)}/resend`, undefined, {
      schema: invitationSchema,
    }),
  )

export const useRevokeInvitation = () =>
  useInvitationMutation((id: string) => api.delete<void>(`${ENDPOINT}/${encodeURIComponent(id)}`))
