import type { z } from 'zod'
import {
  accountClaimedSchema,
  avatarStoredSchema,
  type ClaimAccountInput,
  type changePasswordSchema,
  checkEmailSchema,
  emailVerifiedSchema,
  firstAdminCreatedSchema,
  type firstAdminSchema,
  type Me,
  meSchema,
  otherSessionsEndedSchema,
  type profileUpdateSchema,
  type SignUpInput,
  sessionListSchema,
  setupStateSchema,
} from '../../../shared/contract/accounts'
import { api, isApiError } from '../../lib/api'

// The accounts API (src/shared/contract/accounts.ts), one function per call.

type Input<S extends z.ZodType> = z.input<S>

export const signUp = (input: SignUpInput) =>
  api.post('/api/accounts/sign-up', input, { schema: checkEmailSchema })

export const verifyEmail = (token: string) =>
  api.post('/api/accounts/verify-email', { token }, { schema: emailVerifiedSchema })

export const resendVerification = (email: string, callbackUrl?: string) =>
  api.post('/api/accounts/resend-verification', callbackUrl ? { email, callbackUrl } : { email }, {
    schema: checkEmailSchema,
  })

/** Claims the account a guest purchase made (the receipt's link); signs in. */
export const claimAccount = (input: ClaimAccountInput) =>
  api.post('/api/accounts/claim', input, { schema: accountClaimedSchema })

export const requestPasswordReset = (email: string) =>
  api.post('/api/accounts/forgot-password', { email }, { schema: checkEmailSchema })

export const resetPassword = (token: string, password: string) =>
  api.post<void>('/api/accounts/reset-password', { token, password })

/** The signed-in user's account, or null when the session has ended. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get('/api/me', { schema: meSchema, signal })
  } catch (error) {
    if (isApiError(error, 'unauthenticated')) return null
    throw error
  }
}

export const updateProfile = (input: Input<typeof profileUpdateSchema>) =>
  api.patch('/api/me', input, { schema: meSchema })

export const changePassword = (input: Input<typeof changePasswordSchema>) =>
  api.post<void>('/api/me/password', input)

export const uploadAvatar = (file: Blob) => api.put('/api/me/avatar', file, { schema: avatarStoredSchema })

export const removeAvatar = () => api.delete<void>('/api/me/avatar')

export const fetchSessions = (signal?: AbortSignal) =>
  api.get('/api/me/sessions', { schema: sessionListSchema, signal })

export const endSession = (id: string) => api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`)

export const endOtherSessions = () =>
  api.post('/api/me/sessions/sign-out-others', undefined, { schema: otherSessionsEndedSchema })

export const fetchSetupState = (signal?: AbortSignal) =>
  api.get('/api/setup', { schema: setupStateSchema, signal })

export const createFirstAdmin = (input: Input<typeof firstAdminSchema>) =>
  api.post('/api/setup', input, { schema: firstAdminCreatedSchema })
