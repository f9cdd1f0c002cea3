import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type AccessToken,
  accessTokenSchema,
  type CreateAccessToken,
  createdAccessTokenSchema,
} from '../../../../shared/contract/access-tokens'
import { api } from '../../../lib/api'

// Personal access tokens: the user's own (profile page) and any user's (the admin's user page).

const list = z.array(accessTokenSchema)
export const myTokensKey = ['me', 'access-tokens'] as const
export const userTokensKey = (userId: string) => ['admin', 'users', userId, 'access-tokens'] as const

export function useMyAccessTokens(enabled: boolean) {
  return useQuery({
    queryKey: myTokensKey,
    queryFn: ({ signal }) => api.get('/api/me/access-tokens', { schema: list, signal }),
    enabled,
  })
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateAccessToken) =>
      api.post('/api/me/access-tokens', input, { schema: createdAccessTokenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTokensKey }),
  })
}

export function useRevokeMyAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: AccessToken) =>
      api.delete<void>(`/api/me/access-tokens/${encodeURIComponent(token.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTokensKey }),
  })
}

export function useUserAccessTokens(userId: string) {
  return useQuery({
    queryKey: userTokensKey(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/users/${encodeURIComponent(userId)}/access-tokens`, { schema: list, signal }),
  })
}

export function useRevokeUserAccessToken(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: AccessToken) =>
      api.delete<void>(
        `/api/admin/users/${encodeURIComponent(userId)}/access-tokens/${encodeURIComponent(token.id)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTokensKey(userId) }),
  })
}
