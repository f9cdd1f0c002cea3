import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../../shared/contract/two-factor'
import { api } from '../../../lib/api'
import { sessionKey } from '../sessions/session'

// The signed-in user's two-factor sign-in over HTTP (src/shared/contract/two-factor.ts).

export const twoFactorKey = ['accounts', 'two-factor'] as const
const BASE = '/api/me/two-factor'

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api.get(BASE, { schema: twoFactorStatusSchema, signal }),
  })
}

/** After turning it on or off: the status, and the session (which says whether enrolment is due). */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: sessionKey }),
    ])
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => api.post(`${BASE}/setup`, undefined, { schema: twoFactorSetupSchema }),
  })
}

/** Confirms with a code; the answer holds the recovery codes, which the caller shows before refreshing. */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => api.post(`${BASE}/enable`, { code }, { schema: recoveryCodesSchema }),
  })
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      api.post(`${BASE}/recovery-codes`, { code }, { schema: recoveryCodesSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  })
}

export function useDisableTwoFactor() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (proof: { password?: string; code?: string }) => api.post<void>(`${BASE}/disable`, proof),
    onSuccess: () => refresh(),
  })
}

export { useRefresh as useRefreshTwoFactor }
