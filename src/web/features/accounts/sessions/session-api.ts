import type { AuthProviders, AuthSession } from '../../../../shared/contract/auth'
import { type ApiClient, api } from '../../../lib/api'

// The two reads every page makes of Auth.js (who is signed in, and the ways to sign in), apart from
// the sign-in calls in auth-client.ts: they run on the shop's first load, so their answers are parsed
// with the contract in development and tests and trusted in production (decision 0096).

export interface AuthProvider {
  id: string
  name: string
}

export async function fetchSessionUser(signal?: AbortSignal, client: ApiClient = api) {
  const session = await client.get<AuthSession>('/api/auth/session', {
    devSchema: async () => (await import('../../../../shared/contract/auth')).authSessionSchema,
    signal,
  })
  return session?.user ?? null
}

/** The identity providers ("Continue with …"), without the e-mail and password one. */
export async function fetchIdentityProviders(signal?: AbortSignal): Promise<AuthProvider[]> {
  const providers = await api.get<AuthProviders>('/api/auth/providers', {
    devSchema: async () => (await import('../../../../shared/contract/auth')).authProvidersSchema,
    signal,
  })
  return Object.values(providers)
    .filter((provider) => provider.type !== 'credentials')
    .map(({ id, name }) => ({ id, name }))
}
